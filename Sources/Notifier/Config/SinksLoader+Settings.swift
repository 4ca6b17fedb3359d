import Foundation
import Yams

/// Reading secrets, headers and delivery policies of a sink.
extension SinksLoader {
    /// A secret given as `<base>`, `<base>_env` or `<base>_file` (exactly one of them).
    func secret(_ map: YAMLMapping, _ base: String, literalAllowed: Bool, required: Bool) -> (Secret, SecretSource)? {
        secret(
            map,
            literalKey: base,
            envKey: "\(base)_env",
            fileKey: "\(base)_file",
            literalAllowed: literalAllowed,
            required: required
        )
    }

    /// A secret given under one of the keys (exactly one of them): the value itself (when `literalAllowed`), an
    /// environment variable or a file (relative to `baseDirectory`), trimmed; `nil` with a positioned problem when
    /// it is missing (and `required`), written twice, unset, unreadable or empty. Messages never contain the value.
    /// When the environment does not read secrets (`glwatch check --offline`), an environment variable or file is
    /// not looked at: the result is a placeholder valid for the key (`Secret.offlinePlaceholder(envKey:)`).
    public func secret(
        _ map: YAMLMapping,
        literalKey: String?,
        envKey: String,
        fileKey: String,
        literalAllowed: Bool,
        required: Bool
    ) -> (Secret, SecretSource)? {
        let reader = map.reader
        let candidates = (literalKey.map { [$0] } ?? []) + [envKey, fileKey]
        let keys = candidates.filter(map.has)
        guard let key = keys.first else {
            if required {
                let names = candidates.map { "\"\($0)\"" }
                let list = names.count == 3 ? "\(names[0]), \(names[1]) or \(names[2])" : "\(names[0]) or \(names[1])"
                reader.error("\(map.context) needs one of \(list)", at: map.node)
            }
            return nil
        }
        if keys.count > 1 {
            let written = map.entries.filter { keys.contains($0.key) }
            reader.error(
                "\(map.context) has both \"\(written[0].key)\" and \"\(written[1].key)\"; use one",
                at: written[1].keyNode
            )
            return nil
        }
        guard let node = map.value(key), let text = reader.string(node, what: map.describe(key)) else { return nil }
        if key != literalKey, !environment.readsSecrets {  // `glwatch check --offline`: the form only, nothing read
            let display = "\(key == envKey ? "env" : "file") \(text) (not read: offline)"
            return (Secret.offlinePlaceholder(envKey: envKey), SecretSource(keyName: key, display: display))
        }
        /// The secret `value` read from `place` (`environment variable "X"`, `file "/path"`), trimmed; `nil` with
        /// a problem when nothing is left.
        func trimmed(_ value: String, from place: String, display: String) -> (Secret, SecretSource)? {
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else {
                reader.error("\(place) named by \(map.describe(key)) is empty", at: node)
                return nil
            }
            guard let checked = withoutControlCharacters(trimmed, from: "\(place) named by \(map.describe(key))")
            else { return nil }
            return (checked, SecretSource(keyName: key, display: display))
        }
        /// `value` as a secret, or `nil` with a problem (its position, never the value) when it has a control
        /// character: a header or URL with one cannot be sent, and the HTTP client's error would quote it.
        func withoutControlCharacters(_ value: String, from what: String) -> Secret? {
            // A URL (`url`, `url_env`, `url_file`) is also checked for percent-encoded ones (`%0D%0A`).
            let position =
                envKey == "url_env"
                ? Secret.controlCharacterPosition(inURL: value) : Secret.controlCharacterPosition(in: value)
            if let position {
                reader.error(
                    "\(what) has a control character (a line break?) at character \(position); a secret must be "
                        + "one line of printable characters",
                    at: node
                )
                return nil
            }
            return Secret(value)
        }
        switch key {
        case envKey:
            guard let value = environment.variable(named: text) else {
                reader.error("environment variable \"\(text)\" named by \(map.describe(key)) is not set", at: node)
                return nil
            }
            return trimmed(value, from: "environment variable \"\(text)\"", display: "env \(text)")
        case fileKey:
            let path =
                text.hasPrefix("/") || baseDirectory == "."
                ? text
                : (baseDirectory as NSString).appendingPathComponent(text)
            guard let value = try? environment.contentsOfFile(atPath: path) else {
                reader.error("cannot read file \"\(path)\" named by \(map.describe(key))", at: node)
                return nil
            }
            return trimmed(value, from: "file \"\(path)\"", display: "file \(path)")
        default:
            guard literalAllowed else {
                reader.error(
                    "\(map.describe(key)) would keep a secret in the config file; use \"\(envKey)\" or "
                        + "\"\(fileKey)\"",
                    at: map.keyNode(key)
                )
                return nil
            }
            guard let checked = withoutControlCharacters(text, from: map.describe(key)) else { return nil }
            return (checked, SecretSource(keyName: key, display: "config"))
        }
    }

    /// `headers: {X-Team: platform, Authorization: {env: API_TOKEN}}`; values from `env`/`file` are secret.
    func headers(_ map: YAMLMapping) -> [HTTPHeader] {
        let reader = map.reader
        guard let node = map.value("headers"), let headers = reader.mapping(node, context: map.describe("headers"))
        else { return [] }
        return headers.entries.compactMap { entry in
            let name = entry.key
            let tokenCharacters = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
            guard !name.isEmpty, name.allSatisfy(tokenCharacters.contains) else {
                reader.error("invalid header name \"\(name)\" in \(map.context)", at: entry.keyNode)
                return nil
            }
            guard !Self.reservedHeaders.contains(name.lowercased()) else {
                reader.error("header \"\(name)\" in \(map.context) is set by glwatch", at: entry.keyNode)
                return nil
            }
            if case .mapping = entry.value {
                guard let source = reader.mapping(entry.value, context: "header \"\(name)\" in \(map.context)") else {
                    return nil
                }
                source.checkKeys(["env", "file"])
                guard
                    case let (value, _)? = secret(
                        source,
                        literalKey: nil,
                        envKey: "env",
                        fileKey: "file",
                        literalAllowed: false,
                        required: true
                    )
                else { return nil }
                return HTTPHeader(name, value.reveal(), isSecret: true)
            }
            guard let value = reader.string(entry.value, what: "header \"\(name)\" in \(map.context)") else {
                return nil
            }
            guard !value.contains(where: { $0 == "\r" || $0 == "\n" }) else {
                reader.error("header \"\(name)\" in \(map.context) must be one line", at: entry.value)
                return nil
            }
            return HTTPHeader(name, value)
        }
    }

    /// `rate_limit`, `retry` and `circuit_breaker`, over the kind's defaults.
    func policy(_ map: YAMLMapping, kind: SinkKind) -> DeliveryPolicy {
        let reader = map.reader
        var policy = DeliveryPolicy(rateLimit: kind.defaultRateLimit)
        if let node = map.value("rate_limit") {
            policy.rateLimit = rateLimit(node, what: map.describe("rate_limit"), reader: reader) ?? policy.rateLimit
            if node.string == "none" { policy.rateLimit = nil }
        }
        if let retry = map.mapping("retry", context: map.describe("retry")) {
            retry.checkKeys(["initial_delay", "max_delay", "give_up_after"])
            if let value = retry.duration("initial_delay", minimum: 0.001) { policy.retry.initialDelay = value }
            if let value = retry.duration("max_delay", minimum: 0.001) { policy.retry.maxDelay = value }
            if retry.value("give_up_after")?.string == "never" {
                policy.retry.giveUpAfter = nil
            } else if let value = retry.duration("give_up_after", minimum: 1) {
                policy.retry.giveUpAfter = value
            }
        }
        if let breaker = map.mapping("circuit_breaker", context: map.describe("circuit_breaker")) {
            breaker.checkKeys(["failures", "open_for", "max_open_for"])
            if let value = breaker.int("failures", minimum: 1) { policy.breaker.failureThreshold = value }
            if let value = breaker.duration("open_for", minimum: 0.001) { policy.breaker.openDuration = value }
            if let value = breaker.duration("max_open_for", minimum: 0.001) { policy.breaker.maxOpenDuration = value }
        }
        return policy
    }

    /// `1/s`, `30/min`, `100/h`, `none`, or `{rate: 1/s, burst: 5}`.
    private func rateLimit(_ node: Node, what: String, reader: YAMLReader) -> RateLimit? {
        if case .mapping = node {
            guard let map = reader.mapping(node, context: what) else { return nil }
            map.checkKeys(["rate", "burst"])
            guard let rateNode = map.value("rate") else {
                reader.error("\(what) is missing \"rate\"", at: node)
                return nil
            }
            guard var limit = rateLimit(rateNode, what: map.describe("rate"), reader: reader) else { return nil }
            if let burst = map.int("burst", minimum: 1) { limit.burst = burst }
            return limit
        }
        guard let text = reader.string(node, what: what) else { return nil }
        if text == "none" { return nil }
        let parts = text.split(separator: "/")
        let units: [String: TimeInterval] = [
            "s": 1, "sec": 1, "second": 1, "m": 60, "min": 60, "minute": 60,
            "h": 3600, "hour": 3600,
        ]
        guard parts.count == 2, let count = Double(parts[0].trimmingCharacters(in: .whitespaces)), count > 0,
            let unit = units[parts[1].trimmingCharacters(in: .whitespaces)]
        else {
            reader.error("invalid rate \"\(text)\" for \(what) (write e.g. 1/s, 30/min or none)", at: node)
            return nil
        }
        return RateLimit(messages: count, per: unit, burst: max(1, Int(count.rounded(.down))))
    }
}
