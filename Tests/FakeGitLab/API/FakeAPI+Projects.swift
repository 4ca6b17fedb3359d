import Foundation

extension FakeAPI {
    /// `GET /projects/:id`.
    func project(_ project: FakeWorld.Project) -> FakeResponse {
        renderer.project(project, simple: request.bool("simple") == true).response
    }

    /// `GET /projects`: `membership`, `owned`, `min_access_level`, `archived`, `search`, `simple`, `last_activity_after`,
    /// `order_by`/`sort`, offset pagination (405 beyond the maximum offset) or `pagination=keyset` by id.
    func projectsList() -> FakeResponse {
        var projects = world.projects.values.filter { world.canSee($0, user: caller.userID) }
        if request.bool("membership") == true {
            guard let user = caller.userID else { return .unauthorized }
            projects.removeAll { !$0.members.contains(user) && $0.ownerID != user }
        }
        if let raw = request.param("min_access_level") {
            guard let user = caller.userID else { return .unauthorized }
            guard let minimum = Int(raw) else { return .error(400, "min_access_level does not have a valid value") }
            projects.removeAll { (world.accessLevel(of: user, in: $0)?.rawValue ?? 0) < minimum }
        }
        if request.bool("owned") == true {
            guard let user = caller.userID else { return .unauthorized }
            projects.removeAll { $0.ownerID != user }
        }
        switch filterProjects(projects) {
        case .success(let filtered): projects = filtered
        case .failure(let response): return response
        }
        let simple = request.bool("simple") == true
        if request.param("pagination") == "keyset" {
            guard (request.param("order_by") ?? "id") == "id" else {
                return .error(405, "Keyset pagination is only supported for order_by=id")
            }
            switch pagination.keyset(projects, id: \.id, descending: request.param("sort") == "desc") {
            case .success(let (slice, headers)):
                return .json(.array(slice.map { renderer.project($0, simple: simple) }), headers: headers)
            case .failure(let response): return response
            }
        }
        if case .success(let (page, perPage)) = pagination.parameters(),
            (page - 1) * perPage > configuration.maximumOffset
        {
            return .error(
                405,
                "Offset pagination has a maximum allowed offset of \(configuration.maximumOffset) for requests that return objects of type Project. Remaining records can be retrieved using keyset pagination."
            )
        }
        switch sortProjects(projects) {
        case .success(let ordered): return paged(ordered) { renderer.project($0, simple: simple) }
        case .failure(let response): return response
        }
    }

    /// `GET /groups/:id/projects`: `include_subgroups`, `archived`, `search`, `simple`, `last_activity_after`,
    /// `order_by`/`sort`; offset pagination only.
    func groupProjects(_ group: FakeWorld.Group) -> FakeResponse {
        let groups = request.bool("include_subgroups") == true ? world.descendants(ofGroup: group.id) : [group.id]
        let projects = world.projects.values.filter {
            $0.groupID.map(groups.contains) == true && world.canSee($0, user: caller.userID)
        }
        let simple = request.bool("simple") == true
        switch filterProjects(Array(projects)).flatMap(sortProjects) {
        case .success(let ordered): return paged(ordered) { renderer.project($0, simple: simple) }
        case .failure(let response): return response
        }
    }

    private func filterProjects(_ projects: [FakeWorld.Project]) -> Result<[FakeWorld.Project], FakeResponse> {
        var projects = projects
        if let archived = request.bool("archived") { projects.removeAll { $0.archived != archived } }
        if let search = request.param("search")?.lowercased(), !search.isEmpty {
            projects.removeAll { !$0.name.lowercased().contains(search) && !$0.path.lowercased().contains(search) }
        }
        if let raw = request.param("last_activity_after") {
            guard let after = FakeDateFormat.parseQuery(raw) else {
                return .failure(.error(400, "last_activity_after is invalid"))
            }
            projects.removeAll { $0.lastActivityAt <= after }
        }
        return .success(projects)
    }

    private func sortProjects(_ projects: [FakeWorld.Project]) -> Result<[FakeWorld.Project], FakeResponse> {
        sorted(
            projects,
            defaultKey: "created_at",
            defaultDescending: true,
            keys: [
                "id": { $0.id < $1.id },
                "name": { ($0.name, $0.id) < ($1.name, $1.id) },
                "path": { ($0.path, $0.id) < ($1.path, $1.id) },
                "created_at": { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) },
                "updated_at": { ($0.lastActivityAt, $0.id) < ($1.lastActivityAt, $1.id) },
                "last_activity_at": { ($0.lastActivityAt, $0.id) < ($1.lastActivityAt, $1.id) },
            ]
        )
    }
}
