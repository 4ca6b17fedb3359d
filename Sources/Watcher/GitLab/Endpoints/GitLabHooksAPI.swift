import Foundation

/// `client.hooks`: a project's or group's webhooks — listed, and added for instant mode (`glwatch hooks install`).
///
/// Adding one needs a token with the `api` scope and the Maintainer role (project) or Owner role (group); group
/// webhooks exist on GitLab Premium and Ultimate only (docs/gitlab-api.md, "Webhooks as hints").
public struct GitLabHooksAPI: Sendable {
    let executor: GitLabRequestExecutor

    /// Whose webhooks.
    public enum Owner: Sendable, CustomStringConvertible {
        /// A project's (`/projects/:id/hooks`).
        case project(GitLabProjectRef)
        /// A group's (`/groups/:id/hooks`).
        case group(GitLabGroupRef)

        var path: String {
            switch self {
            case .project(let project): "/projects/\(project.pathComponent)/hooks"
            case .group(let group): "/groups/\(group.pathComponent)/hooks"
            }
        }

        var endpoint: String {
            switch self {
            case .project: "/projects/:id/hooks"
            case .group: "/groups/:id/hooks"
            }
        }

        /// `project acme/api`, `group acme`.
        public var description: String {
            switch self {
            case .project(let project): project.description
            case .group(let group): group.description
            }
        }
    }

    /// `GET …/hooks`: the webhooks (at most 100; a project rarely has more).
    public func list(_ owner: Owner) async throws(GitLabError) -> [GitLabHook] {
        try await executor.get(
            [GitLabHook].self,
            .get(
                owner.path,
                query: [GitLabQueryItem("per_page", "100")],
                endpoint: owner.endpoint,
                resource: "\(owner) webhooks"
            )
        )
    }

    /// `POST …/hooks`: adds a webhook posting push and tag push events to `url` with `token` as its secret token,
    /// with TLS verification on. Not retried by the caller's policy alone: a retried create could add it twice.
    public func create(_ owner: Owner, url: String, token: String) async throws(GitLabError) -> GitLabHook {
        var request = GitLabRequest(
            method: "POST",
            target: .api(path: owner.path, query: []),
            endpoint: owner.endpoint,
            resource: "\(owner) webhooks"
        )
        let body: [String: Any] = [
            "url": url, "token": token, "push_events": true, "tag_push_events": true,
            "enable_ssl_verification": true,
        ]
        request.json = (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])).map { Array($0) }
        return try await executor.get(GitLabHook.self, request)
    }
}

/// A webhook as GitLab lists it (never with its token: GitLab does not return it).
public struct GitLabHook: Sendable, Equatable, Decodable {
    /// The hook's id.
    public var id: Int64
    /// The URL it posts to.
    public var url: String
    /// Whether push events trigger it.
    public var pushEvents: Bool?
    /// Whether tag push events trigger it.
    public var tagPushEvents: Bool?

    enum CodingKeys: String, CodingKey {
        case id, url
        case pushEvents = "push_events"
        case tagPushEvents = "tag_push_events"
    }
}
