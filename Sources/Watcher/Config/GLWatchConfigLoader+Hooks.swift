import Foundation
import Notifier

extension GLWatchConfigLoader {
    /// `hooks:`; `nil` when absent. A secret token is required (`token_env` or `token_file`): a listener without
    /// one is refused at load, so nobody can start one that anybody could wake.
    func hooks(_ document: YAMLMapping, instances: [GitLabInstanceConfig], paths: PathResolver) -> HooksConfig? {
        guard let map = document.mapping("hooks", context: "\"hooks\"") else { return nil }
        map.checkKeys(ConfigSection.hooks.names)
        let reader = map.reader
        let secrets = SinksLoader(environment: environment, baseDirectory: paths.baseDirectory)
        let token = secrets.secret(
            map,
            literalKey: nil,
            envKey: "token_env",
            fileKey: "token_file",
            literalAllowed: false,
            required: true
        )
        var host = "0.0.0.0"
        var port = 9095
        if let node = map.value("listen"), let text = map.string("listen") {
            if let parsed = MetricsConfig.parse(listen: text) {
                (host, port) = parsed
            } else {
                reader.error("\(map.describe("listen")) must be host:port, like 0.0.0.0:9095 or [::]:9095", at: node)
            }
        }
        var path = "/gitlab"
        if let node = map.value("path"), let text = map.string("path") {
            if text.hasPrefix("/"), !text.contains(where: { $0.isWhitespace || $0 == "?" || $0 == "#" }) {
                path = text
            } else {
                reader.error(
                    "\(map.describe("path")) must be a URL path starting with \"/\", like /gitlab",
                    at: node
                )
            }
        }
        let instance = self.hookInstance(map, instances: instances)
        let maxBody = map.int("max_body_bytes", minimum: 1024) ?? 4 << 20
        // (An unset or empty variable, or an unreadable or empty file, was reported by `secret`.)
        guard let (secret, source) = token, let instance else { return nil }
        return HooksConfig(
            host: host,
            port: port,
            path: path,
            token: secret,
            tokenSource: source.display,
            instance: instance,
            maxBodyBytes: maxBody
        )
    }

    /// `hooks.instance`, or the only instance configured.
    private func hookInstance(_ map: YAMLMapping, instances: [GitLabInstanceConfig]) -> String? {
        let names = instances.map(\.name)
        guard let node = map.value("instance"), let name = map.string("instance") else {
            if names.count == 1 { return names[0] }
            map.reader.error(
                "\(map.context) needs \"instance\": several gitlab instances are configured (\(names.joined(separator: ", ")))",
                at: map.node
            )
            return nil
        }
        guard names.contains(name) else {
            map.reader.error(
                "\(map.describe("instance")) names no instance under \"gitlab\": \"\(name)\""
                    + DidYouMean.hint(for: name, among: names),
                at: node
            )
            return nil
        }
        return name
    }
}
