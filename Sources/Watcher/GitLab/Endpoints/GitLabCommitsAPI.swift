import RxCore

/// `client.commits`: commit lists (with revision ranges) and single commits.
public struct GitLabCommitsAPI: Sendable {
    let executor: GitLabRequestExecutor

    /// `GET /projects/:id/repository/commits`.
    ///
    /// GitLab never sends totals for commits: the paginator follows `X-Next-Page`. An empty repository answers 404
    /// (`404 Repository Not Found`).
    public func list(
        of project: GitLabProjectRef,
        options: GitLabCommitListOptions = GitLabCommitListOptions()
    ) -> Paginator<GitLabCommit> {
        executor.list(
            "/projects/\(project.pathComponent)/repository/commits",
            query: options.query,
            endpoint: "/projects/:id/repository/commits",
            resource: options.refName.map { "commits \($0) of \(project)" } ?? "commits of \(project)",
            perPage: options.perPage
        )
    }

    /// `GET /projects/:id/repository/commits/:sha`: one commit by SHA, branch or tag.
    ///
    /// Stats cost GitLab a diff, so they are off unless asked for.
    public func get(_ sha: String, of project: GitLabProjectRef, stats: Bool = false) -> Single<GitLabCommit> {
        Single.create { try await self.get(sha, of: project, stats: stats) }
    }

    /// `GET /projects/:id/repository/commits/:sha`; the `async` twin of `get(_:of:stats:)`.
    public func get(
        _ sha: String,
        of project: GitLabProjectRef,
        stats: Bool = false
    ) async throws(GitLabError) -> GitLabCommit {
        try await executor.get(
            GitLabCommit.self,
            .get(
                "/projects/\(project.pathComponent)/repository/commits/\(GitLabPercentEncoding.encode(sha))",
                query: [GitLabQueryItem("stats", stats ? "true" : "false")],
                endpoint: "/projects/:id/repository/commits/:sha",
                resource: "commit \(sha) of \(project)"
            )
        )
    }

    /// `GET /projects/:id/repository/commits/:sha/diff`: the files one commit changed (`old_path`/`new_path`),
    /// paginated like every list.
    public func diff(_ sha: String, of project: GitLabProjectRef, perPage: Int? = nil) -> Paginator<GitLabDiff> {
        executor.list(
            "/projects/\(project.pathComponent)/repository/commits/\(GitLabPercentEncoding.encode(sha))/diff",
            endpoint: "/projects/:id/repository/commits/:sha/diff",
            resource: "diff of commit \(sha) of \(project)",
            perPage: perPage
        )
    }
}
