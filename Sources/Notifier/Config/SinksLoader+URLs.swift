import Foundation
import Yams

/// Notification URLs (`slack://…`, `mailtos://…`): a sink written as one URL, or a block whose `url` is one.
extension SinksLoader {
    /// Every notification-URL scheme (`slack`, `mmosts`, `mailto`, …), in the registry's order.
    public static var notificationSchemes: [String] { SinkRegistry.schemes }

    /// The sink's URL from `url` (with `${ENV}` expanded), `url_env` or `url_file`.
    func resolveURL(_ map: YAMLMapping) -> (Secret, SecretSource)? {
        guard case let (url, source)? = secret(map, "url", literalAllowed: true, required: false) else { return nil }
        guard source.keyName == "url", expandsEnvironment else { return (url, source) }
        let expanded: String
        do {
            expanded = try EnvironmentExpansion.expand(url.reveal(), in: environment)
        } catch {
            map.reader.error("\(error.message) in \(map.describe("url"))", at: map.value("url"))
            return nil
        }
        if let position = Secret.controlCharacterPosition(inURL: expanded) {
            // Only an expanded variable can bring one: the URL as written was checked by `secret`.
            map.reader.error(
                "\(map.describe("url")) has a control character (a line break?) at character \(position) once its "
                    + "${…} variables are expanded; a variable used in a URL must be one line of printable characters",
                at: map.value("url")
            )
            return nil
        }
        return (Secret(expanded), source)
    }

    /// The URL split, with its definition, when its scheme is a notification scheme (`nil` for http(s) and
    /// for URLs with problems, which are recorded at the key's value). With `typed` (the block has `type`),
    /// an unknown scheme is left for the http(s) check to explain.
    func notificationURL(
        _ url: Secret,
        in map: YAMLMapping,
        key: String,
        typed: Bool
    ) -> (NotificationURL, any SinkDefinition)? {
        let text = url.reveal()
        let node = map.value(key) ?? map.node
        guard let parsed = NotificationURL(text) else {
            if typed { return nil }
            map.reader.error(
                "the URL in \(map.describe(key)) is not a URL (write scheme://…, for example "
                    + "slack://TokenA/TokenB/TokenC or https://…)",
                at: node
            )
            return nil
        }
        if ["http", "https"].contains(parsed.scheme) { return nil }
        guard let definition = SinkRegistry.definition(forScheme: parsed.scheme) else {
            if typed { return nil }
            let schemes = SinkRegistry.schemes
            map.reader.error(
                "unknown URL scheme \"\(Self.printable(parsed.scheme))\" in \(map.describe(key))"
                    + DidYouMean.hint(for: parsed.scheme, among: schemes)
                    + " (one of \(schemes.joined(separator: ", ")), http, https)",
                at: node
            )
            return nil
        }
        return (parsed, definition)
    }

    /// Decodes a notification URL with its definition; a problem is explained with the expected shape.
    func notificationSettings(
        _ url: NotificationURL,
        name: String,
        definition: any SinkDefinition,
        map: YAMLMapping,
        urlKey: String
    ) -> (any SinkSettings)? {
        let block = SinkBlock(name: name, map: map, endpoint: nil, urlKey: urlKey, loader: self)
        do {
            return try definition.settings(from: url, block: block)
        } catch {
            map.reader.error(
                "invalid \(url.scheme):// URL in \(map.describe(urlKey)): \(error.description) "
                    + "(expected \(definition.urlShape))",
                at: map.value(urlKey) ?? map.node
            )
            return nil
        }
    }

    /// A sink written as one URL: `team: "slack://T000/B000/XXXX"`.
    func shorthandSink(named name: String, node: Node, reader: YAMLReader) -> SinkConfiguration? {
        let key = Yams.Node("url")
        let map = YAMLMapping(
            node: node,
            entries: [YAMLMapping.Entry(key: "url", keyNode: key, value: node)],
            context: "sink \"\(name)\"",
            reader: reader
        )
        guard reader.string(node, what: "sink \"\(name)\"") != nil else { return nil }
        let errorsBefore = reader.diagnostics.count
        guard case let (url, source)? = resolveURL(map) else { return nil }
        guard case let (parsed, definition)? = notificationURL(url, in: map, key: "url", typed: false) else {
            if reader.diagnostics.count == errorsBefore {
                reader.error(
                    "sink \"\(name)\" written as a URL needs a notification URL (slack://…, mailtos://…); "
                        + "an http(s) URL needs a block with \"type\"",
                    at: node
                )
            }
            return nil
        }
        guard let settings = notificationSettings(parsed, name: name, definition: definition, map: map, urlKey: "url")
        else {
            return nil
        }
        return SinkConfiguration(
            name: name,
            kind: definition.kind,
            settings: settings,
            policy: DeliveryPolicy(rateLimit: definition.defaultRateLimit),
            urlSource: source.display
        )
    }

    /// `timeout`, 10 seconds unless set.
    func timeout(_ map: YAMLMapping) -> Duration {
        .milliseconds(Int((map.duration("timeout", minimum: 0.1) ?? 10) * 1000))
    }

    /// A scheme as shown in a message: letters and digits only, at most 20.
    private static func printable(_ scheme: String) -> String {
        String(scheme.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-") }.prefix(20))
    }
}
