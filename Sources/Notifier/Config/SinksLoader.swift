import Foundation
import Yams

/// Loads sink definitions from YAML — the mapping of sink names to settings under `sinks:` — strictly, with file, line
/// and column for every problem.
///
/// URLs and secrets come from the environment or files (`url_env`, `url_file`, `secret_env`, …); their values never
/// appear in any message.
public struct SinksLoader: Sendable {
    /// The keys every sink may have.
    public static let commonKeys = ["type", "template", "rate_limit", "retry", "circuit_breaker"]
    /// The keys every HTTP sink (all but `stdout`) may have.
    public static let httpKeys = ["url", "url_env", "url_file", "headers", "timeout"]
    /// The keys particular to each kind of sink (each sink folder's `SinkDefinition` says which).
    public static var kindKeys: [SinkKind: [String]] {
        Dictionary(uniqueKeysWithValues: SinkRegistry.definitions.map { ($0.kind, $0.keys) })
    }
    /// Headers glwatch sets itself.
    static let reservedHeaders = [
        "content-type", "user-agent", "idempotency-key", "webhook-id", "webhook-timestamp", "webhook-signature",
        "x-hub-signature-256",
    ]

    /// Where environment variables and files are read.
    public var environment: any ConfigEnvironment
    /// The directory relative paths start from.
    public var baseDirectory: String
    /// Whether `${VAR}` in a `url` is expanded here (not when the caller expanded the whole file already,
    /// as glwatch's config loader does: expanding twice would undo its `$${`).
    public var expandsEnvironment: Bool

    /// Creates a loader.
    public init(
        environment: any ConfigEnvironment = ProcessConfigEnvironment(),
        baseDirectory: String = ".",
        expandsEnvironment: Bool = true
    ) {
        self.environment = environment
        self.baseDirectory = baseDirectory
        self.expandsEnvironment = expandsEnvironment
    }

    /// Loads the mapping under a `sinks:` key.
    public func load(sinksNode: Node, file: String) throws(ConfigError) -> [SinkConfiguration] {
        let reader = YAMLReader(file: file)
        let sinks = self.sinks(from: sinksNode, reader: reader)
        try reader.throwIfFailed()
        return sinks
    }

    func sinks(from node: Node, reader: YAMLReader) -> [SinkConfiguration] {
        guard let map = reader.mapping(node, context: "\"sinks\"") else { return [] }
        return map.entries.compactMap { entry in
            sink(named: entry.key, node: entry.value, reader: reader)
        }
    }

    private func sink(named name: String, node: Node, reader: YAMLReader) -> SinkConfiguration? {
        if case .scalar = node {
            return shorthandSink(named: name, node: node, reader: reader)
        }
        guard let map = reader.mapping(node, context: "sink \"\(name)\"") else { return nil }
        let urlKey = ["url", "url_env", "url_file"].first(where: map.has) ?? "url"
        var errorsBefore = reader.diagnostics.count
        var typed: (any SinkDefinition)?
        if map.has("type") {
            guard let typeName = map.requiredString("type") else { return nil }
            guard let known = SinkRegistry.definition(for: SinkKind(rawValue: typeName)) else {
                let names = SinkKind.allCases.map(\.rawValue)
                reader.error(
                    "unknown sink type \"\(typeName)\" in sink \"\(name)\""
                        + DidYouMean.hint(for: typeName, among: names)
                        + " (one of \(names.joined(separator: ", ")))",
                    at: map.value("type")
                )
                return nil
            }
            typed = known
        }
        // A notification URL (`url: tgram://…`) says the kind itself; `type` may then be left out.
        let resolved = map.has(urlKey) && typed?.isHTTP != false ? resolveURL(map) : nil
        let notification = resolved.flatMap { notificationURL($0.0, in: map, key: urlKey, typed: typed != nil) }
        guard let definition = typed ?? notification?.1 else {
            if reader.diagnostics.count == errorsBefore { _ = map.requiredString("type") }
            return nil
        }
        if let found = notification?.1, found.kind != definition.kind {
            reader.error(
                "the URL in \(map.describe(urlKey)) is a \(found.kind) URL, not \(definition.kind)",
                at: map.value(urlKey)
            )
            return nil
        }
        let kind = definition.kind
        let beforeKeys = reader.diagnostics.count
        map.checkKeys(
            Self.commonKeys + (definition.isHTTP ? Self.httpKeys : [])
                + (notification == nil ? definition.keys : [])
        )
        errorsBefore += reader.diagnostics.count - beforeKeys  // an unknown key does not hide other problems

        var template: MessageTemplate?
        if let path = map.string("template") {
            if !definition.acceptsTemplate {
                reader.error(
                    "\(map.describe("template")) has no effect: webhooks send the JSON payload",
                    at: map.keyNode("template")
                )
            } else {
                template = TemplateFiles.load(
                    path,
                    baseDirectory: baseDirectory,
                    environment: environment,
                    at: map.value("template"),
                    for: map.context,
                    reader: reader
                )
            }
        }
        let policy = self.policy(map, kind: kind)
        var settings: (any SinkSettings)?
        var urlSource: SecretSource?
        if case let (url, _)? = notification {
            urlSource = resolved?.1
            settings = notificationSettings(url, name: name, definition: definition, map: map, urlKey: urlKey)
        } else {
            var endpoint: HTTPEndpoint?
            let http =
                !definition.isHTTP ? nil
                : map.has(urlKey) ? resolved : secret(map, "url", literalAllowed: true, required: true)
            if case let (url, source)? = http {
                if let components = URLComponents(string: url.reveal()), ["http", "https"].contains(components.scheme),
                    components.host?.isEmpty == false
                {
                    endpoint = HTTPEndpoint(url: url, headers: headers(map), timeout: timeout(map))
                    urlSource = source
                } else {
                    reader.error(
                        "the URL from \"\(source.keyName)\" in sink \"\(name)\" is not an http(s) URL",
                        at: map.value(source.keyName)
                    )
                }
            }
            guard reader.diagnostics.count == errorsBefore else { return nil }
            settings = definition.settings(
                from: SinkBlock(name: name, map: map, endpoint: endpoint, urlKey: urlKey, loader: self)
            )
        }
        guard let settings, reader.diagnostics.count == errorsBefore else { return nil }
        return SinkConfiguration(
            name: name,
            kind: kind,
            settings: settings,
            template: template,
            policy: policy,
            urlSource: urlSource?.display
        )
    }
}
