/// Where a GitLab error happened: the host, the request and the resource it was about.
///
/// Never holds a token: the URL's query is not kept, and the resource is a description built by the client
/// (`project acme/api`, `branch "main" of project 42`).
public struct GitLabErrorContext: Sendable, Hashable, CustomStringConvertible {
    /// The GitLab host (`gitlab.example.com`, with the port when it is not the scheme's default).
    public var host: String
    /// The HTTP method.
    public var method: String
    /// The endpoint as GitLab documents it (`/projects/:id/repository/commits`).
    public var endpoint: String
    /// What the request was about (`project acme/api`), when it was about one thing.
    public var resource: String?

    /// Creates a context.
    public init(host: String, method: String, endpoint: String, resource: String? = nil) {
        self.host = host
        self.method = method
        self.endpoint = endpoint
        self.resource = resource
    }

    /// `GET /projects/:id for project acme/api`.
    public var description: String {
        resource.map { "\(method) \(endpoint) for \($0)" } ?? "\(method) \(endpoint)"
    }
}
