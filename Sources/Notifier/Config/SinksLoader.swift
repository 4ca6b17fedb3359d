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
    /// The keys particular to each kind of sink.
    public static let kindKeys: [SinkKind: [String]] = [
        .stdout: ["format"],
        .webhook: ["secret", "secret_env", "secret_file", "github_signature", "max_body_bytes"],
        .slack: ["username", "icon_emoji"],
        .mattermost: ["username", "icon_url", "channel"],
        .discord: ["username", "avatar_url"],
        .teams: [],
        .googleChat: [],
        .ntfy: ["token", "token_env", "token_file", "priority", "tags", "markdown"],
    ]
    /// Headers glwatch sets itself.
    static let reservedHeaders = [
        "content-type", "user-agent", "idempotency-key", "webhook-id", "webhook-timestamp", "webhook-signature",
        "x-hub-signature-256",
    ]

    /// Where environment variables and files are read.
    public var environment: any ConfigEnvironment
    /// The directory relative paths start from.
    public var baseDirectory: String

    /// Creates a loader.
    public init(environment: any ConfigEnvironment = ProcessConfigEnvironment(), baseDirectory: String = ".") {
        self.environment = environment
        self.baseDirectory = baseDirectory
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
        guard let map = reader.mapping(node, context: "sink \"\(name)\"") else { return nil }
        guard let typeName = map.requiredString("type") else { return nil }
        guard let kind = SinkKind(rawValue: typeName) else {
            reader.error(
                "unknown sink type \"\(typeName)\" in sink \"\(name)\""
                    + DidYouMean.hint(for: typeName, among: SinkKind.allCases.map(\.rawValue))
                    + " (one of \(SinkKind.allCases.map(\.rawValue).joined(separator: ", ")))",
                at: map.value("type")
            )
            return nil
        }
        let isHTTP = kind != .stdout
        map.checkKeys(Self.commonKeys + (isHTTP ? Self.httpKeys : []) + Self.kindKeys[kind, default: []])
        let errorsBefore = reader.diagnostics.count

        var template: MessageTemplate?
        if let path = map.string("template") {
            if kind == .webhook {
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
        var endpoint: HTTPEndpoint?
        var urlSource: SecretSource?
        if isHTTP, case let (url, source)? = secret(map, "url", literalAllowed: true, required: true) {
            if let components = URLComponents(string: url.reveal()), ["http", "https"].contains(components.scheme),
                components.host?.isEmpty == false
            {
                endpoint = HTTPEndpoint(
                    url: url,
                    headers: headers(map),
                    timeout: .milliseconds(Int((map.duration("timeout", minimum: 0.1) ?? 10) * 1000))
                )
                urlSource = source
            } else {
                reader.error(
                    "the URL from \"\(source.keyName)\" in sink \"\(name)\" is not an http(s) URL",
                    at: map.value(source.keyName)
                )
            }
        }
        guard reader.diagnostics.count == errorsBefore else { return nil }

        let settings: SinkConfiguration.Settings
        switch kind {
        case .stdout:
            var format = StdoutSink.Format.text
            if let node = map.value("format"), let text = reader.string(node, what: map.describe("format")) {
                if let parsed = StdoutSink.Format(rawValue: text) {
                    format = parsed
                } else {
                    reader.error("\(map.describe("format")) must be \"text\" or \"json\"", at: node)
                }
            }
            settings = .stdout(format: format)
        case .webhook:
            var signer: WebhookSigner?
            if case let (secret, source)? = self.secret(map, "secret", literalAllowed: false, required: false) {
                let secrets = secret.reveal().split(whereSeparator: \.isWhitespace).map { Secret(String($0)) }
                do {
                    signer = try WebhookSigner(secrets: secrets, githubSignature: map.bool("github_signature") ?? false)
                } catch {
                    reader.error("\(error) in \"\(source.keyName)\" of sink \"\(name)\"", at: map.value(source.keyName))
                }
            } else if map.bool("github_signature") == true {
                reader.error(
                    "\(map.describe("github_signature")) needs \"secret_env\" or \"secret_file\"",
                    at: map.value("github_signature")
                )
            }
            settings = .webhook(
                endpoint!,
                signer: signer,
                maxBodyBytes: map.int("max_body_bytes", minimum: 1024) ?? 1 << 20
            )
        case .slack:
            settings = .slack(
                endpoint!,
                SlackSink.Options(
                    username: map.string("username"),
                    iconEmoji: map.string("icon_emoji")
                )
            )
        case .mattermost:
            settings = .mattermost(
                endpoint!,
                MattermostSink.Options(
                    username: map.string("username"),
                    iconURL: map.string("icon_url"),
                    channel: map.string("channel")
                )
            )
        case .discord:
            settings = .discord(
                endpoint!,
                DiscordSink.Options(
                    username: map.string("username"),
                    avatarURL: map.string("avatar_url")
                )
            )
        case .teams:
            settings = .teams(endpoint!)
        case .googleChat:
            settings = .googleChat(endpoint!)
        case .ntfy:
            var ntfyEndpoint = endpoint!
            if case let (token, _)? = secret(map, "token", literalAllowed: false, required: false) {
                ntfyEndpoint.headers.append(HTTPHeader("Authorization", "Bearer \(token.reveal())", isSecret: true))
            }
            if NtfySink.split(ntfyEndpoint.url) == nil {
                reader.error(
                    "the URL of ntfy sink \"\(name)\" must name a topic (https://ntfy.sh/<topic>)",
                    at: map.value(urlSource?.keyName ?? "url")
                )
            }
            let priority = map.int("priority", minimum: 1)
            if let priority, priority > 5 {
                reader.error("\(map.describe("priority")) must be 1 to 5", at: map.value("priority"))
            }
            settings = .ntfy(
                ntfyEndpoint,
                NtfySink.Options(
                    priority: priority,
                    tags: (map.strings("tags") ?? []).map(\.0),
                    markdown: map.bool("markdown") ?? false
                )
            )
        }
        guard reader.diagnostics.count == errorsBefore else { return nil }
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
