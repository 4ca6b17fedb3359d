import Foundation

extension FakeAPI {
    /// `GET /events`: the caller's own events; with `scope=all`, the events of every project the caller is a
    /// member of with at least Reporter access (push events need `download_code`). Public projects the caller is
    /// not a member of are left out. Same filters as project events (`action`, `target_type`, `before`/`after`,
    /// `sort`), offset pagination without totals, and only events already visible (`FakeEventVisibility`).
    ///
    /// GitLab: `lib/api/events.rb`, `app/finders/events_finder.rb` (../shared/GITLAB-API.md, "User-wide events").
    func userFeed() -> FakeResponse {
        guard let user = caller.userID else { return .unauthorized }
        let all: Bool
        switch request.param("scope") {
        case nil: all = false
        case "all": all = true
        default: return .error(400, "scope does not have a valid value")
        }
        let visible = world.events.filter { event in
            guard let project = world.projects[event.projectID] else { return false }
            guard all else { return event.authorID == user && world.canSee(project, user: user) }
            return world.accessLevel(of: user, in: project).map { $0 >= .reporter } == true
        }
        return events(visible, countable: false)
    }
}
