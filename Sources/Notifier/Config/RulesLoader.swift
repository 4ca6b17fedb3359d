import Foundation
import Yams

/// Loads rules from YAML, strictly: every unknown key, bad pattern, unknown event type or undefined sink is
/// reported with its file, line and column (with the closest valid word suggested), and nothing is returned
/// unless everything is valid — so a broken file never replaces working rules.
///
/// A rules file is a mapping with `rules:` (a list of rules) and optionally `timezone:` (for `time`
/// conditions); the watcher's config can hand its own `rules:` node to `load(rulesNode:file:)`.
public struct RulesLoader: Sendable {
    /// The keys a rule may have.
    public static let ruleKeys = [
        "name", "events", "project", "group", "branch", "author", "not_author", "message", "title", "trailers",
        "without_trailers", "merge", "paths", "min_commits", "max_commits", "time", "commit_match", "notify",
        "template", "continue", "group_window", "drop",
    ]

    /// The sinks rules may name.
    public var sinkNames: Set<String>
    /// Where template files are read.
    public var environment: any ConfigEnvironment
    /// The directory relative template paths start from (the config file's directory).
    public var baseDirectory: String
    /// The time zone of `time` conditions that name none.
    public var defaultTimeZone: TimeZone

    /// Creates a loader.
    public init(
        sinkNames: Set<String>,
        environment: any ConfigEnvironment = ProcessConfigEnvironment(),
        baseDirectory: String = ".",
        defaultTimeZone: TimeZone = TimeZone(identifier: "UTC")!
    ) {
        self.sinkNames = sinkNames
        self.environment = environment
        self.baseDirectory = baseDirectory
        self.defaultTimeZone = defaultTimeZone
    }

    /// Loads a rules file's text.
    public func load(yaml: String, file: String) throws(ConfigError) -> RuleSet {
        let reader = YAMLReader(file: file)
        guard let root = try YAMLReader.compose(yaml: yaml, file: file) else { return RuleSet(rules: []) }
        guard let document = reader.mapping(root, context: "the rules file") else {
            try reader.throwIfFailed()
            return RuleSet(rules: [])
        }
        document.checkKeys(["rules", "timezone"])
        var loader = self
        if let zone = timeZone(document, key: "timezone") { loader.defaultTimeZone = zone }
        let rules = document.value("rules").map { loader.rules(from: $0, reader: reader) }
        if !document.has("rules") { reader.error("the rules file is missing \"rules\"", at: root) }
        try reader.throwIfFailed()
        return rules ?? RuleSet(rules: [])
    }

    /// Loads the list of rules under a `rules:` key of a larger document.
    public func load(rulesNode: Node, file: String) throws(ConfigError) -> RuleSet {
        let reader = YAMLReader(file: file)
        let rules = self.rules(from: rulesNode, reader: reader)
        try reader.throwIfFailed()
        return rules
    }

    func rules(from node: Node, reader: YAMLReader) -> RuleSet {
        guard case .sequence(let sequence) = node else {
            reader.error("\"rules\" must be a list of rules", at: node)
            return RuleSet(rules: [])
        }
        var rules: [Rule] = []
        var templates: [String: MessageTemplate] = [:]
        var firstByName: [String: Node] = [:]
        for (index, item) in sequence.enumerated() {
            guard case let (rule, template)? = self.rule(from: item, number: index + 1, reader: reader) else {
                continue
            }
            if let first = firstByName[rule.name] {
                reader.error(
                    "duplicate rule name \"\(rule.name)\" (first used at line \(first.mark?.line ?? 0))",
                    at: item
                )
                continue
            }
            firstByName[rule.name] = item
            rules.append(rule)
            if let template { templates[template.name] = template }
        }
        return RuleSet(rules: rules, templates: templates)
    }

    private func rule(from node: Node, number: Int, reader: YAMLReader) -> (Rule, MessageTemplate?)? {
        guard let peek = reader.mapping(node, context: "rule #\(number)") else { return nil }
        let name = peek.value("name").flatMap { reader.string($0, what: "\"name\" in rule #\(number)") }
        if !peek.has("name") { reader.error("rule #\(number) is missing \"name\"", at: node) }
        let context = name.map { "rule \"\($0)\"" } ?? "rule #\(number)"
        let map = YAMLMapping(node: node, entries: peek.entries, context: context, reader: reader)
        map.checkKeys(Self.ruleKeys)

        let errorsBefore = reader.diagnostics.count
        let conditions = self.conditions(map)
        var template: MessageTemplate?
        let action: Rule.Action
        let drop = map.bool("drop") ?? false
        if drop {
            for key in ["notify", "template", "group_window", "continue"] where map.has(key) {
                reader.error("\(map.describe(key)) has no effect with \"drop: true\"", at: map.keyNode(key))
            }
            action = .drop
        } else if map.has("notify") {
            let sinks = (map.strings("notify") ?? []).map { sink, node in
                if !sinkNames.contains(sink) {
                    reader.error(
                        "undefined sink \"\(sink)\" used in \(context)"
                            + DidYouMean.hint(for: sink, among: sinkNames.sorted()),
                        at: node
                    )
                }
                return sink
            }
            if let path = map.string("template") {
                template = TemplateFiles.load(
                    path,
                    baseDirectory: baseDirectory,
                    environment: environment,
                    at: map.value("template"),
                    for: context,
                    reader: reader
                )
            }
            action = .notify(
                Rule.Notify(
                    sinks: sinks,
                    template: template?.name,
                    groupWindow: map.duration("group_window", minimum: 1)
                )
            )
        } else {
            reader.error("\(context) needs \"notify\" (a list of sinks) or \"drop: true\"", at: node)
            action = .drop
        }
        guard reader.diagnostics.count == errorsBefore, let name else { return nil }
        let rule = Rule(
            name: name,
            conditions: conditions,
            action: action,
            continueMatching: map.bool("continue") ?? false,
            location: "\(reader.file):\(node.mark?.line ?? 1):\(node.mark?.column ?? 1)"
        )
        return (rule, template)
    }
}
