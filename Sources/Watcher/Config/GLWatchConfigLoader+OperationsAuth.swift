import Foundation
import Notifier

extension GLWatchConfigLoader {
    /// `metrics: auth:`: a list of credentials, each `username` with `password_env` / `password_file` (basic) or
    /// `token_env` / `token_file` (bearer). Secrets are never written in the file itself; errors never show them.
    func operationsAuth(_ metrics: YAMLMapping, paths: PathResolver) -> OperationsAuth? {
        guard let node = metrics.value("auth") else { return nil }
        let reader = metrics.reader
        guard let items = reader.sequence(node, what: metrics.describe("auth")) else { return nil }
        if items.isEmpty {
            reader.error("\(metrics.describe("auth")) needs at least one credential (or leave it out)", at: node)
            return nil
        }
        let secrets = SinksLoader(environment: environment, baseDirectory: paths.baseDirectory)
        var credentials: [OperationsAuth.Credential] = []
        for (index, item) in items.enumerated() {
            guard let map = reader.mapping(item, context: "credential \(index + 1) of \(metrics.describe("auth"))")
            else { continue }
            map.checkKeys(ConfigSection.operationsAuth.names)
            let isBasic = ["username", "password_env", "password_file"].contains(where: map.has)
            let isBearer = ["token_env", "token_file"].contains(where: map.has)
            switch (isBasic, isBearer) {
            case (true, true):
                reader.error(
                    "\(map.context) mixes a password and a token: give each its own entry", at: map.node
                )
            case (true, false):
                guard let username = map.string("username") else {
                    reader.error("\(map.context) needs \"username\" with its password", at: map.node)
                    continue
                }
                if username.contains(":") {
                    reader.error("\(map.describe("username")) cannot contain \":\" (RFC 7617)", at: map.value("username"))
                    continue
                }
                if let password = secrets.secret(
                    map, literalKey: nil, envKey: "password_env", fileKey: "password_file",
                    literalAllowed: false, required: true
                ) {
                    credentials.append(.basic(username: username, password: password.0))
                }
            case (false, true):
                if let token = secrets.secret(
                    map, literalKey: nil, envKey: "token_env", fileKey: "token_file",
                    literalAllowed: false, required: true
                ) {
                    credentials.append(.bearer(token: token.0))
                }
            case (false, false):
                reader.error(
                    "\(map.context) needs \"username\" with \"password_env\" or \"password_file\", or \"token_env\" "
                        + "or \"token_file\"",
                    at: map.node
                )
            }
        }
        return credentials.count == items.count ? OperationsAuth(credentials) : nil
    }

    /// The shortest admin token accepted: 16 characters (`openssl rand -hex 16` makes 32).
    static let minimumAdminTokenLength = 16

    /// `metrics: admin_token_env` / `admin_token_file`: the token that lets the status page retry dead deliveries.
    /// Like every secret it comes from the environment or a file, never the config itself; it must be at least
    /// `minimumAdminTokenLength` characters and differ from every `auth` credential (readers are not admins).
    /// Messages never show it.
    func adminToken(_ metrics: YAMLMapping, auth: OperationsAuth?, paths: PathResolver) -> Secret? {
        let secrets = SinksLoader(environment: environment, baseDirectory: paths.baseDirectory)
        guard
            let (token, source) = secrets.secret(
                metrics, literalKey: nil, envKey: "admin_token_env", fileKey: "admin_token_file",
                literalAllowed: false, required: false
            )
        else { return nil }
        guard environment.readsSecrets, let node = metrics.value(source.keyName) else { return token }
        let secret = token.reveal()
        if secret.count < Self.minimumAdminTokenLength {
            metrics.reader.error(
                "the admin token named by \(metrics.describe(source.keyName)) is shorter than "
                    + "\(Self.minimumAdminTokenLength) characters; make a long random one (openssl rand -hex 16)",
                at: node
            )
            return nil
        }
        let reused = auth?.credentials.contains { credential in
            switch credential {
            case .basic(_, let password): password.reveal() == secret
            case .bearer(let other): other.reveal() == secret
            }
        }
        if reused == true {
            metrics.reader.error(
                "the admin token named by \(metrics.describe(source.keyName)) is also a credential in "
                    + "\(metrics.describe("auth")); give the admin a token of its own",
                at: node
            )
            return nil
        }
        return token
    }
}
