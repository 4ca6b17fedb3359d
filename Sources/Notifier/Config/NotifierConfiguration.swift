import Foundation
import Yams

/// The notifier's whole configuration: sinks and the rules that route to them, validated together (every sink a rule
/// names exists).
///
/// Loading is all-or-nothing, so a reload with errors keeps the running one.
public struct NotifierConfiguration: Sendable {
    /// The sinks, in the order written.
    public var sinks: [SinkConfiguration]
    /// The rules and their templates.
    public var rules: RuleSet

    /// Creates a configuration.
    public init(sinks: [SinkConfiguration], rules: RuleSet) {
        self.sinks = sinks
        self.rules = rules
    }

    /// Loads a document with `sinks:`, `rules:` and optionally `timezone:` (the shape of the files in `rules/`).
    public static func load(
        yaml: String,
        file: String,
        baseDirectory: String = ".",
        environment: any ConfigEnvironment = ProcessConfigEnvironment()
    ) throws(ConfigError) -> NotifierConfiguration {
        let reader = YAMLReader(file: file)
        guard let root = try YAMLReader.compose(yaml: yaml, file: file) else {
            throw ConfigError([ConfigDiagnostic(file: file, line: 1, column: 1, message: "the file is empty")])
        }
        guard let document = reader.mapping(root, context: "the file") else {
            try reader.throwIfFailed()
            return NotifierConfiguration(sinks: [], rules: RuleSet(rules: []))
        }
        document.checkKeys(["sinks", "rules", "timezone"])
        let probe = RulesLoader(sinkNames: [], environment: environment, baseDirectory: baseDirectory)
        let zone = probe.timeZone(document, key: "timezone") ?? probe.defaultTimeZone
        return try load(
            sinksNode: document.value("sinks"),
            rulesNode: document.value("rules"),
            baseDirectory: baseDirectory,
            environment: environment,
            timeZone: zone,
            reader: reader,
            expandsEnvironment: true
        )
    }

    /// Loads the `sinks:` and `rules:` sections of a larger config file (the watcher's), so their problems are
    /// reported with positions in that file. The caller has expanded `${VAR}` in the file already.
    ///
    /// - parameter otherSinkNames: sinks defined elsewhere (another file of the same config) that rules here may
    ///   name.
    public static func load(
        sinksNode: Node?,
        rulesNode: Node?,
        file: String,
        baseDirectory: String = ".",
        environment: any ConfigEnvironment = ProcessConfigEnvironment(),
        timeZone: TimeZone = TimeZone(identifier: "UTC")!,
        otherSinkNames: Set<String> = []
    ) throws(ConfigError) -> NotifierConfiguration {
        try load(
            sinksNode: sinksNode,
            rulesNode: rulesNode,
            baseDirectory: baseDirectory,
            environment: environment,
            timeZone: timeZone,
            reader: YAMLReader(file: file),
            otherSinkNames: otherSinkNames,
            expandsEnvironment: false
        )
    }

    private static func load(
        sinksNode: Node?,
        rulesNode: Node?,
        baseDirectory: String,
        environment: any ConfigEnvironment,
        timeZone: TimeZone,
        reader: YAMLReader,
        otherSinkNames: Set<String> = [],
        expandsEnvironment: Bool
    ) throws(ConfigError) -> NotifierConfiguration {
        let sinksLoader = SinksLoader(
            environment: environment,
            baseDirectory: baseDirectory,
            expandsEnvironment: expandsEnvironment
        )
        let sinks = sinksNode.map { sinksLoader.sinks(from: $0, reader: reader) } ?? []
        let sinkNames = Set(sinks.map(\.name)).union(Self.definedSinkNames(sinksNode)).union(otherSinkNames)
        let loader = RulesLoader(
            sinkNames: sinkNames,
            environment: environment,
            baseDirectory: baseDirectory,
            defaultTimeZone: timeZone
        )
        let rules = rulesNode.map { loader.rules(from: $0, reader: reader) } ?? RuleSet(rules: [])
        try reader.throwIfFailed()
        return NotifierConfiguration(sinks: sinks, rules: rules)
    }

    /// Sink names written in the `sinks:` mapping, valid or not: a rule naming a sink whose definition has
    /// errors should not get a second, misleading "undefined sink" error.
    public static func definedSinkNames(_ node: Node?) -> Set<String> {
        guard case .mapping(let mapping)? = node else { return [] }
        return Set(mapping.compactMap { $0.key.scalar?.string })
    }

    /// A router over the rules.
    public var router: EventRouter { rules.router }

    /// The templates rules name.
    public var templates: [String: MessageTemplate] { rules.templates }

    /// Each sink's delivery policy, by name.
    public var policies: [String: DeliveryPolicy] {
        Dictionary(uniqueKeysWithValues: sinks.map { ($0.name, $0.policy) })
    }

    /// A sink's configuration by name.
    public func sink(named name: String) -> SinkConfiguration? {
        sinks.first { $0.name == name }
    }

    /// Builds the sink with this name (for `glwatch` test messages), or `nil` when there is none.
    public func makeSink(named name: String, transport: any HTTPTransport, output: any TextOutput) -> (any Sink)? {
        sink(named: name)?.makeSink(transport: transport, output: output)
    }

    /// Builds every sink.
    public func makeSinks(transport: any HTTPTransport, output: any TextOutput) -> [any Sink] {
        sinks.map { $0.makeSink(transport: transport, output: output) }
    }
}
