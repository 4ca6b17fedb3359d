import RxCore

/// `client.groups`: groups by id or path, and a group's projects.
public struct GitLabGroupsAPI: Sendable {
    let executor: GitLabRequestExecutor

    /// `GET /groups/:id`: one group by id or full path.
    public func get(_ group: GitLabGroupRef) -> Single<GitLabGroup> {
        Single.create { try await self.get(group) }
    }

    /// `GET /groups/:id`; the `async` twin of `get(_:)`.
    public func get(_ group: GitLabGroupRef) async throws(GitLabError) -> GitLabGroup {
        try await executor.get(
            GitLabGroup.self,
            .get("/groups/\(group.pathComponent)", endpoint: "/groups/:id", resource: group.description)
        )
    }

    /// `GET /groups/:id/projects`: the group's projects (with subgroups when asked).
    public func projects(
        of group: GitLabGroupRef,
        options: GitLabGroupProjectsOptions = .default
    ) -> Paginator<GitLabProject> {
        executor.list(
            "/groups/\(group.pathComponent)/projects",
            query: options.query,
            endpoint: "/groups/:id/projects",
            resource: "projects of \(group)",
            perPage: options.perPage
        )
    }
}
