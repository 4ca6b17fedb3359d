import Foundation

/// `client.graphQL`: `POST /api/graphql`, for what REST cannot batch — the default-branch heads of many projects
/// in one request.
///
/// GitLab's limits (docs/gitlab-api.md, "GraphQL batch"): at most 50 full paths per `projects(fullPaths:)`
/// (`resolvers/projects_resolver.rb`); a query complexity of 250 signed in, 200 anonymous
/// (`app/graphql/gitlab_schema.rb`), where `Tree.lastCommit` alone costs 10 and scores change between releases
/// (gitlab-org/gitlab#576497) — so callers keep the batch size configurable and fall back to REST on an error.
public struct GitLabGraphQLAPI: Sendable {
    let executor: GitLabRequestExecutor

    /// The most full paths GitLab accepts in one `projects(fullPaths:)` query.
    public static let maximumPaths = 50

    /// The query sent.
    static let headsQuery = """
        query($fullPaths: [String!]) { projects(fullPaths: $fullPaths, first: 50) { nodes { fullPath \
        repository { rootRef tree { lastCommit { sha } } } } } }
        """

    /// The default branch and its head commit of each of `fullPaths` (at most 50), by full path; projects GitLab
    /// does not return (missing, or invisible to the token) are absent. A GraphQL error (complexity, too many
    /// paths) throws `.rejected` with GitLab's message.
    public func defaultBranchHeads(of fullPaths: [String]) async throws(GitLabError) -> [String: GitLabBranchHead] {
        var request = GitLabRequest(
            method: "POST",
            target: .root(path: "/api/graphql"),
            endpoint: "/api/graphql",
            resource: "default-branch heads of \(fullPaths.count) projects"
        )
        let body: [String: Any] = ["query": Self.headsQuery, "variables": ["fullPaths": fullPaths]]
        request.json = (try? JSONSerialization.data(withJSONObject: body)).map { Array($0) }
        let answer = try await executor.get(HeadsAnswer.self, request)
        if let message = answer.errors?.first?.message {
            throw .rejected(executor.context(for: request), status: 200, message: message)
        }
        var heads: [String: GitLabBranchHead] = [:]
        for node in answer.data?.projects?.nodes ?? [] {
            heads[node.fullPath] = GitLabBranchHead(
                branch: node.repository?.rootRef,
                sha: node.repository?.tree?.lastCommit?.sha
            )
        }
        return heads
    }

    private struct HeadsAnswer: Decodable {
        struct Message: Decodable { var message: String }
        struct Payload: Decodable { var projects: Projects? }
        struct Projects: Decodable { var nodes: [Node] }
        struct Node: Decodable {
            var fullPath: String
            var repository: Repository?
        }
        struct Repository: Decodable {
            var rootRef: String?
            var tree: Tree?
        }
        struct Tree: Decodable { var lastCommit: Commit? }
        struct Commit: Decodable { var sha: String }

        var data: Payload?
        var errors: [Message]?
    }
}

/// A project's default branch and the commit it points to (`nil` for an empty repository).
public struct GitLabBranchHead: Sendable, Hashable {
    /// The default branch (`Repository.rootRef`).
    public var branch: String?
    /// Its head commit's SHA.
    public var sha: String?

    /// Creates a head.
    public init(branch: String?, sha: String?) {
        self.branch = branch
        self.sha = sha
    }
}
