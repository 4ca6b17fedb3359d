import Foundation

/// The fake's `POST /api/graphql`: only the query glwatch sends for the heads of default branches,
///
/// ```graphql
/// query($fullPaths: [String!]) {
///   projects(fullPaths: $fullPaths, first: 50) {
///     nodes { fullPath repository { rootRef tree { lastCommit { sha } } } }
///   }
/// }
/// ```
///
/// with GitLab's limits: at most 50 full paths (`resolvers/projects_resolver.rb`), and a complexity limit (250
/// signed in, 200 anonymous; `app/graphql/gitlab_schema.rb`) that a request's cost — `2 + paths ×
/// graphQLComplexityPerProject` in the fake, `Tree.lastCommit` alone costs 10 — must not exceed. Errors are
/// GraphQL errors: HTTP 200 with `{"errors": [{"message": …}]}`. Projects missing or invisible to the caller are
/// left out of `nodes`, as GitLab does.
struct FakeGraphQL {
    let world: FakeWorld
    let request: FakeHTTPRequest
    let caller: FakeCaller
    let configuration: FakeGitLabConfiguration

    /// The most full paths one `projects` query accepts.
    static let maximumPaths = 50

    func answer() -> FakeResponse {
        guard configuration.graphQLEnabled else { return .routeNotFound }
        guard let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any],
            let query = object["query"] as? String
        else { return Self.errors(["Invalid JSON body, or no query given"], status: 400) }
        guard query.contains("projects("), query.contains("fullPaths"), query.contains("lastCommit") else {
            return Self.errors(["FakeGitLab answers only the projects(fullPaths:) head query"])
        }
        let variables = object["variables"] as? [String: Any] ?? [:]
        let paths = variables["fullPaths"] as? [String] ?? []
        if paths.count > Self.maximumPaths {
            return Self.errors(["You cannot provide more than \(Self.maximumPaths) full paths"])
        }
        let limit = caller.userID == nil ? 200 : 250
        let complexity = 2 + paths.count * configuration.graphQLComplexityPerProject
        if complexity > limit {
            return Self.errors(["Query has complexity of \(complexity), which exceeds max complexity of \(limit)"])
        }
        let nodes: [FakeJSON] = paths.compactMap { path in
            guard let project = world.project(byFullPath: path), world.canSee(project, user: caller.userID) else {
                return nil
            }
            let head = project.defaultBranch.flatMap { project.repository.branches[$0] }
            return .object([
                ("fullPath", .string(world.fullPath(of: project))),
                (
                    "repository",
                    .object([
                        ("rootRef", .optional(project.defaultBranch)),
                        ("tree", head.map { .object([("lastCommit", .object([("sha", .string($0))]))]) } ?? .null),
                    ])
                ),
            ])
        }
        return .json(.object([("data", .object([("projects", .object([("nodes", .array(nodes))]))]))]))
    }

    /// A GraphQL error answer.
    static func errors(_ messages: [String], status: Int = 200) -> FakeResponse {
        .json(.object([("errors", .array(messages.map { .object([("message", .string($0))]) }))]), status: status)
    }
}
