import Foundation

/// The fake's REST API v4: routes a request to its handler, with the world locked for reading.
struct FakeAPI {
    let world: FakeWorld
    let request: FakeHTTPRequest
    let caller: FakeCaller
    let now: Date
    let baseURL: String
    let configuration: FakeGitLabConfiguration
    let logCache: FakeLogCache

    var renderer: FakeRenderer { FakeRenderer(world: world, baseURL: baseURL) }
    var pagination: FakePagination {
        FakePagination(request: request, baseURL: baseURL, totalsLimit: configuration.totalsLimit)
    }

    /// Answers a `GET /api/v4/…` request (`path` is what follows `/api/v4`).
    func route(_ path: [String]) -> FakeResponse {
        // A token may describe itself whatever its scopes.
        if path == ["personal_access_tokens", "self"], caller.jobProjectID == nil { return currentToken() }
        let userRoute = path == ["user"]
        if let forbidden = FakeAuth.insufficientScope(caller, userRoute: userRoute) { return forbidden }
        if caller.jobProjectID != nil, path.first != "projects" || path.count < 2 { return .unauthorized }
        switch path.count {
        case 1 where path[0] == "user": return currentUser()
        case 1 where path[0] == "projects": return projectsList()
        case 1 where path[0] == "events": return userFeed()
        case 2 where path[0] == "projects": return withProject(path[1]) { project($0) }
        case 2 where path[0] == "groups": return withGroup(path[1]) { renderer.group($0).response }
        case 3 where path[0] == "groups" && path[2] == "projects": return withGroup(path[1]) { groupProjects($0) }
        case 3 where path[0] == "users" && path[2] == "events": return userEvents(path[1])
        case 3 where path[0] == "projects" && path[2] == "events": return withProject(path[1]) { projectEvents($0) }
        case 4... where path[0] == "projects" && path[2] == "repository":
            return withProject(path[1]) { repository($0, Array(path.dropFirst(3))) }
        default: return .routeNotFound
        }
    }

    private func repository(_ project: FakeWorld.Project, _ path: [String]) -> FakeResponse {
        switch (path.count, path[0]) {
        case (1, "commits"): return commits(project)
        case (2, "commits"): return singleCommit(project, path[1])
        case (3, "commits") where path[2] == "diff": return commitDiff(project, path[1])
        case (1, "branches"): return branches(project)
        case (2, "branches"): return branch(project, path[1])
        case (1, "tags"): return tags(project)
        case (2, "tags"): return tag(project, path[1])
        case (1, "contributors"): return contributors(project)
        case (1, "compare"): return compare(project)
        case (1, "merge_base"): return mergeBase(project)
        default: return .routeNotFound
        }
    }

    // MARK: Lookup

    /// Runs `body` with the project `idOrPath` names, or answers 404 (missing or invisible) or 301 (a former
    /// path of a renamed or moved project).
    func withProject(_ idOrPath: String, _ body: (FakeWorld.Project) -> FakeResponse) -> FakeResponse {
        let found: FakeWorld.Project?
        if let id = Int64(idOrPath) {
            found = world.projects[id]
        } else if let project = world.project(byFullPath: idOrPath) {
            found = project
        } else if let moved = world.project(byFormerPath: idOrPath), world.canSee(moved, user: caller.userID) {
            let encoded = FakeQuery.encode(idOrPath)
            let location =
                baseURL
                + request.rawPath.replacingOccurrences(of: "/projects/\(encoded)", with: "/projects/\(moved.id)")
                + (request.rawQuery.isEmpty ? "" : "?" + request.rawQuery)
            return .text(
                301,
                "This resource has been moved permanently to \(location)",
                headers: [("Location", location)]
            )
        } else {
            found = nil
        }
        guard let project = found, world.canSee(project, user: caller.userID) else { return .projectNotFound }
        if let jobProject = caller.jobProjectID, jobProject != project.id, project.visibility != .public {
            return .projectNotFound
        }
        return body(project)
    }

    func withGroup(_ idOrPath: String, _ body: (FakeWorld.Group) -> FakeResponse) -> FakeResponse {
        let found = Int64(idOrPath).flatMap { world.groups[$0] } ?? world.group(byFullPath: idOrPath)
        guard let group = found, world.canSee(group, user: caller.userID) else { return .groupNotFound }
        return body(group)
    }

    /// Pages `items` and renders each, or answers the pagination error.
    func paged<Item>(_ items: [Item], countable: Bool = true, _ render: (Item) -> FakeJSON) -> FakeResponse {
        switch pagination.offset(items, countable: countable) {
        case .success(let (slice, headers)): return .json(.array(slice.map(render)), headers: headers)
        case .failure(let response): return response
        }
    }

    /// Sorts by `order_by`/`sort` with `keys` naming the sortable fields.
    func sorted<Item>(
        _ items: [Item],
        defaultKey: String,
        defaultDescending: Bool,
        keys: [String: (Item, Item) -> Bool]
    ) -> Result<[Item], FakeResponse> {
        let key = request.param("order_by") ?? defaultKey
        guard let ascending = keys[key] else {
            return .failure(.error(400, "order_by does not have a valid value"))
        }
        let descending: Bool
        switch request.param("sort") {
        case nil: descending = defaultDescending
        case "asc": descending = false
        case "desc": descending = true
        default: return .failure(.error(400, "sort does not have a valid value"))
        }
        return .success(items.sorted { descending ? ascending($1, $0) : ascending($0, $1) })
    }
}

extension FakeJSON {
    /// A 200 JSON answer of this value.
    var response: FakeResponse { .json(self) }
}
