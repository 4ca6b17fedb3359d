import Foundation
import Notifier
import Yams

/// Reading `auth: {type: oauth, …}` of a GitLab instance: an OAuth application and the refresh token glwatch
/// renews access tokens with (GitLab's last 2 hours) and rotates in its file.
extension GLWatchConfigLoader {
    /// The OAuth settings of an instance: its authentication (an access token already expired, so the first
    /// request renews it) and the refresh token's file; `nil` with positioned problems when they are incomplete.
    func oauth(_ node: Node, context: String, reader: YAMLReader, paths: PathResolver) -> OAuthSettings? {
        guard let map = reader.mapping(node, context: "\"auth\" in \(context)") else { return nil }
        map.checkKeys(ConfigSection.oauth.names)
        let errorsBefore = reader.diagnostics.count
        if map.string("type") != "oauth" {
            reader.error("\(map.describe("type")) must be \"oauth\" (the only kind of auth written as a mapping)",
                at: map.value("type") ?? node)
        }
        let loader = SinksLoader(environment: environment, baseDirectory: paths.baseDirectory)
        let clientID = loader.secret(
            map, literalKey: "client_id", envKey: "client_id_env", fileKey: "client_id_file",
            literalAllowed: true, required: true
        )
        let clientSecret = loader.secret(
            map, literalKey: "client_secret", envKey: "client_secret_env", fileKey: "client_secret_file",
            literalAllowed: false, required: false
        )
        let refresh = loader.secret(
            map, literalKey: "refresh_token", envKey: "refresh_token_env", fileKey: "refresh_token_file",
            literalAllowed: false, required: true
        )
        if let refresh, refresh.1.keyName != "refresh_token_file" {
            reader.error(
                "\(map.describe(refresh.1.keyName)): the refresh token must be in a file (\"refresh_token_file\"): "
                    + "GitLab replaces it at every renewal and glwatch writes the new one back",
                at: map.keyNode(refresh.1.keyName)
            )
        }
        guard reader.diagnostics.count == errorsBefore, let clientID, let refresh else { return nil }
        let application = GitLabOAuthApplication(
            clientID: clientID.0.reveal(),
            clientSecret: clientSecret.map { GitLabSecret($0.0.reveal()) },
            redirectURI: map.string("redirect_uri")
        )
        let token = GitLabOAuthToken(
            accessToken: GitLabSecret(""), refreshToken: GitLabSecret(refresh.0.reveal()), expiresIn: 0,
            createdAt: .distantPast
        )
        let file = environment.readsSecrets ? String(refresh.1.display.dropFirst("file ".count)) : nil
        return OAuthSettings(
            auth: .oauth(token, application: application), refreshTokenFile: file, source: refresh.1.display
        )
    }

    /// What `auth: {type: oauth, …}` gives an instance.
    struct OAuthSettings {
        var auth: GitLabAuth
        /// Where the rotated refresh token is written back (`nil` offline).
        var refreshTokenFile: String?
        /// `file /run/secrets/gitlab_refresh`, for status output.
        var source: String
    }
}
