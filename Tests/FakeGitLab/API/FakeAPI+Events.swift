import Foundation

extension FakeAPI {
    /// `GET /projects/:id/events`: newest first; `action`, `target_type`, `before`/`after` (whole days,
    /// exclusive), `sort`.
    func projectEvents(_ project: FakeWorld.Project) -> FakeResponse {
        events(world.events.filter { $0.projectID == project.id })
    }

    /// `GET /users/:id/events`: the user's events in projects the caller can see.
    func userEvents(_ idOrUsername: String) -> FakeResponse {
        let user =
            Int64(idOrUsername).flatMap { world.users[$0] } ?? world.users.values.first { $0.username == idOrUsername }
        guard let user else { return .message(404, "404 User Not Found") }
        return events(
            world.events.filter { event in
                event.authorID == user.id
                    && world.projects[event.projectID].map { world.canSee($0, user: caller.userID) } == true
            }
        )
    }

    /// Filters, sorts and pages `events`, leaving out those not visible yet (`FakeEventVisibility`).
    ///
    /// - parameter countable: `false` for the user-wide feed, which sends no totals.
    func events(_ events: [FakeWorld.Event], countable: Bool = true) -> FakeResponse {
        var events = events.filter { $0.visibleAt <= now }
        if let action = request.param("action") {
            events.removeAll { action != "pushed" || !["pushed to", "pushed new", "deleted"].contains($0.actionName) }
        }
        if request.param("target_type") != nil { events.removeAll() }  // the fake only records pushes
        for (name, isBefore) in [("before", true), ("after", false)] {
            guard let raw = request.param(name) else { continue }
            guard let day = FakeDateFormat.parseQuery(String(raw.prefix(10))) else {
                return .error(400, "\(name) is invalid")
            }
            events.removeAll { isBefore ? $0.createdAt >= day : $0.createdAt < day.addingTimeInterval(86_400) }
        }
        let ascending = request.param("sort") == "asc"
        events.sort { ascending ? $0.id < $1.id : $0.id > $1.id }
        return paged(events, countable: countable) { renderer.event($0) }
    }
}
