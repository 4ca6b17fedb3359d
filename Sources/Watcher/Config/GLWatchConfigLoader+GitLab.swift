import Foundation
import Notifier
import Yams

/// Reading `gitlab:`: the instances, their tokens (from the environment or a file, never the config) and TLS.
extension GLWatchConfigLoader {
    /// The instance used when the config has no `gitlab:` section: gitlab.com, unauthenticated.
    static let defaultInstanceName = "gitlab.com"

    /// `gitlab:`: each instance, or the default gitlab.com one when the section is absent.
    func instances(_ document: YAMLMapping, paths: PathResolver) -> [GitLabInstanceConfig] {
        let reader = document.reader
        guard let node = document.value("gitlab") else {
            return [
                GitLabInstanceConfig(
                    name: Self.defaultInstanceName,
                    url: URL(string: "https://gitlab.com")!,
                    auth: .none
                )
            ]
        }
        guard let map = reader.mapping(node, context: "\"gitlab\"") else { return [] }
        if map.entries.isEmpty { reader.error("\"gitlab\" needs at least one instance", at: node) }
        return map.entries.compactMap { entry in
            instance(named: entry.key, node: entry.value, reader: reader, paths: paths)
        }
    }

    private func instance(
        named name: String,
        node: Node,
        reader: YAMLReader,
        paths: PathResolver
    )
        -> GitLabInstanceConfig?
    {
        let context = "gitlab instance \"\(name)\""
        if node.null != nil, node.scalar?.style == .plain {
            // `gitlab.com:` alone: the defaults.
            return GitLabInstanceConfig(name: name, url: URL(string: "https://gitlab.com")!, auth: .none)
        }
        guard let map = reader.mapping(node, context: context) else { return nil }
        map.checkKeys(ConfigSection.instance.names + ["token"])
        let errorsBefore = reader.diagnostics.count

        let url = self.url(map)
        let token = self.token(map, paths: paths)
        var kind: GitLabAuthKind = token == nil ? .none : .private
        var oauth: OAuthSettings?
        if let node = map.value("auth"), node.mapping != nil {
            if token != nil {
                reader.error("\(context) has OAuth settings and a token; remove the token", at: node)
            }
            oauth = self.oauth(node, context: context, reader: reader, paths: paths)
        } else if let node = map.value("auth"), let text = map.string("auth") {
            if let parsed = GitLabAuthKind(rawValue: text) {
                kind = parsed
            } else {
                let names = GitLabAuthKind.allCases.map(\.rawValue)
                reader.error(
                    "unknown auth \"\(text)\" for \(context)\(DidYouMean.hint(for: text, among: names)) "
                        + "(one of \(names.joined(separator: ", ")))",
                    at: node
                )
            }
            if kind == .none, token != nil {
                reader.error("\(context) has \"auth: none\" and a token; remove one", at: node)
            } else if kind != .none, token == nil, !["token", "token_env", "token_file"].contains(where: map.has) {
                reader.error(
                    "\(context) with \"auth: \(kind.rawValue)\" needs \"token_env\" or \"token_file\"",
                    at: node
                )
            }
        }
        var instance = GitLabInstanceConfig(
            name: name,
            url: url ?? URL(string: "https://gitlab.com")!,
            auth: oauth?.auth ?? kind.auth(token: token?.secret),
            tokenSource: oauth?.source ?? token?.source,
            tokenFile: token?.file,
            authKind: kind
        )
        instance.oauthRefreshTokenFile = oauth?.refreshTokenFile
        if let value = map.int("requests_per_minute", minimum: 1) { instance.requestsPerMinute = value }
        if let value = map.int("burst", minimum: 1) { instance.burst = value }
        if let value = map.duration("timeout", minimum: 0.001) { instance.requestTimeout = value }
        if let value = map.duration("token_expiry_warning", minimum: 0) { instance.tokenExpiryWarning = value }
        if let node = map.value("ca_file"), let path = map.string("ca_file") {
            let resolved = paths.resolve(path)
            if environment.readsSecrets, (try? environment.contentsOfFile(atPath: resolved)) == nil {
                reader.error("cannot read file \"\(resolved)\" named by \(map.describe("ca_file"))", at: node)
            }
            instance.caFile = resolved
        }
        return reader.diagnostics.count == errorsBefore ? instance : nil
    }

    private func url(_ map: YAMLMapping) -> URL? {
        guard let node = map.value("url") else { return URL(string: "https://gitlab.com") }
        guard let text = map.string("url") else { return nil }
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let components = URLComponents(string: trimmed), ["http", "https"].contains(components.scheme),
            components.host?.isEmpty == false, components.query == nil, components.user == nil,
            components.password == nil
        else {
            map.reader.error("\(map.describe("url")) must be an http(s) URL like https://gitlab.example.com", at: node)
            return nil
        }
        if trimmed.hasSuffix("/api/v4") {
            map.reader.error(
                "\(map.describe("url")) is the GitLab base URL: leave out \"/api/v4\"",
                at: node
            )
            return nil
        }
        return components.url
    }

    /// `token_env` or `token_file` (at most one; `token` is refused), read the way sinks read their secrets.
    private func token(_ map: YAMLMapping, paths: PathResolver) -> (secret: GitLabSecret, source: String, file: String?)? {
        let loader = SinksLoader(environment: environment, baseDirectory: paths.baseDirectory)
        let found = loader.secret(
            map,
            literalKey: "token",
            envKey: "token_env",
            fileKey: "token_file",
            literalAllowed: false,
            required: false
        )
        return found.map { secret, source in
            let file = source.keyName == "token_file" && environment.readsSecrets ? String(source.display.dropFirst("file ".count)) : nil
            return (GitLabSecret(secret.reveal()), source.display, file)
        }
    }
}
