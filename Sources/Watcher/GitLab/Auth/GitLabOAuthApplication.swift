/// An OAuth application registered on GitLab, for the token endpoint (some instances require the client
/// credentials to refresh a token or to use the password grant).
public struct GitLabOAuthApplication: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The application id.
    public var clientID: String
    /// The application secret, for confidential applications.
    public var clientSecret: GitLabSecret?
    /// The redirect URI registered with the application (GitLab checks it on refresh).
    public var redirectURI: String?

    /// Creates an application.
    public init(clientID: String, clientSecret: GitLabSecret? = nil, redirectURI: String? = nil) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.redirectURI = redirectURI
    }

    /// `OAuth application <id>`.
    public var description: String { "OAuth application \(clientID)" }

    /// A mirror without the secret.
    public var customMirror: Mirror { Mirror(self, children: ["clientID": clientID], displayStyle: .struct) }
}
