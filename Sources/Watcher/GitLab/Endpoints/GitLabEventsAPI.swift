/// `client.events`: project and user events, with push data.
public struct GitLabEventsAPI: Sendable {
    let executor: GitLabRequestExecutor

    /// `GET /projects/:id/events`, newest first.
    ///
    /// `options: .pushes` lists pushes: comparing the newest event id is a cheap check for "anything pushed to any
    /// branch".
    public func project(
        _ project: GitLabProjectRef,
        options: GitLabEventListOptions = GitLabEventListOptions()
    ) -> Paginator<GitLabEvent> {
        Paginator(
            executor: executor,
            request: .get(
                "/projects/\(project.pathComponent)/events",
                query: options.query,
                endpoint: "/projects/:id/events",
                resource: "events of \(project)"
            ),
            mode: .offset,
            perPage: options.perPage
        )
    }

    /// `GET /users/:id/events`, newest first.
    public func user(
        _ user: GitLabUserRef,
        options: GitLabEventListOptions = GitLabEventListOptions()
    ) -> Paginator<GitLabEvent> {
        Paginator(
            executor: executor,
            request: .get(
                "/users/\(user.pathComponent)/events",
                query: options.query,
                endpoint: "/users/:id/events",
                resource: "events of \(user)"
            ),
            mode: .offset,
            perPage: options.perPage
        )
    }
}
