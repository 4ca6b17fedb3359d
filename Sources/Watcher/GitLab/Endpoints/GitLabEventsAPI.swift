/// `client.events`: project and user events, with push data.
public struct GitLabEventsAPI: Sendable {
    let executor: GitLabRequestExecutor

    /// `GET /projects/:id/events`, newest first.
    ///
    /// `options: .pushes` lists pushes: comparing the newest event id is a cheap check for "anything pushed to any
    /// branch".
    public func project(
        _ project: GitLabProjectRef,
        options: GitLabEventListOptions = .default
    ) -> Paginator<GitLabEvent> {
        executor.list(
            "/projects/\(project.pathComponent)/events",
            query: options.query,
            endpoint: "/projects/:id/events",
            resource: "events of \(project)",
            perPage: options.perPage
        )
    }

    /// `GET /users/:id/events`, newest first.
    public func user(
        _ user: GitLabUserRef,
        options: GitLabEventListOptions = .default
    ) -> Paginator<GitLabEvent> {
        executor.list(
            "/users/\(user.pathComponent)/events",
            query: options.query,
            endpoint: "/users/:id/events",
            resource: "events of \(user)",
            perPage: options.perPage
        )
    }

    /// `GET /events?scope=all`, newest first: the events of every project the token's user is a member of with
    /// at least Reporter access (push events need `download_code`); public projects the user is not a member of
    /// are not listed. Offset pagination without totals. Event ids are the cursor: `before`/`after` filter by
    /// whole days only (`app/finders/events_finder.rb`; docs/gitlab-api.md, "The change feed").
    public func feed(options: GitLabEventListOptions = .default) -> Paginator<GitLabEvent> {
        executor.list(
            "/events",
            query: [GitLabQueryItem("scope", "all")] + options.query,
            endpoint: "/events",
            resource: "the user's event feed",
            perPage: options.perPage
        )
    }
}
