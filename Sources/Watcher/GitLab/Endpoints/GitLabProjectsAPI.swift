import RxCore

/// `client.projects`: projects by id or path, and the projects list.
public struct GitLabProjectsAPI: Sendable {
    let executor: GitLabRequestExecutor

    /// `GET /projects/:id`: one project by id or full path.
    ///
    /// A moved project's old path is followed (301).
    public func get(_ project: GitLabProjectRef) -> Single<GitLabProject> {
        Single.create { try await self.get(project) }
    }

    /// `GET /projects/:id`; the `async` twin of `get(_:)`.
    public func get(_ project: GitLabProjectRef) async throws(GitLabError) -> GitLabProject {
        try await executor.get(
            GitLabProject.self,
            .get("/projects/\(project.pathComponent)", endpoint: "/projects/:id", resource: project.description)
        )
    }

    /// `GET /projects`: the projects list, by default the user's (`membership=true`).
    public func list(_ options: GitLabProjectListOptions = .default) -> Paginator<GitLabProject> {
        executor.list(
            "/projects",
            query: options.query,
            endpoint: "/projects",
            resource: "projects list",
            mode: options.keyset ? .keyset : .offset,
            perPage: options.perPage
        )
    }
}
