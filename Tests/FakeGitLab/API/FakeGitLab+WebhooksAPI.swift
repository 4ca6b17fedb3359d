import Foundation

/// `GET` and `POST /projects/:id/hooks` and `/groups/:id/hooks`: webhooks added through the API, as
/// `glwatch hooks install` does. Adding needs the `api` scope (403 `insufficient_scope` otherwise) and, on a project,
/// the Maintainer role or more (403); group hooks answer 404 unless `FakeGitLabConfiguration.groupWebhooks`
/// (GitLab Premium).
extension FakeGitLab {
    /// The webhooks registered on `project` so far.
    public func webhooks(of project: FakeProject) -> [FakeWebhook] {
        store.read { world in world.webhooks.filter { $0.projectID == project.id } }
    }

    /// The webhooks registered on the group at `groupPath` so far.
    public func webhooks(ofGroup groupPath: String) -> [FakeWebhook] {
        store.read { world in
            let id = world.group(byFullPath: groupPath)?.id
            return world.webhooks.filter { $0.groupID != nil && $0.groupID == id }
        }
    }

    /// Answers a webhooks route (`path` after `/api/v4`), or `nil` for any other route.
    func webhooks(_ request: FakeHTTPRequest, path: [String], now: Date) -> FakeResponse? {
        guard path.count == 3, path[2] == "hooks", path[0] == "projects" || path[0] == "groups",
            request.method == "GET" || request.method == "POST"
        else { return nil }
        if path[0] == "groups", !configuration.groupWebhooks { return .routeNotFound }
        let baseURL = baseURL.absoluteString
        let configuration = configuration
        let logCache = logCache
        var owner: (project: Int64?, group: Int64?)?
        let refused: FakeResponse? = store.read { world in
            let caller: FakeCaller
            switch FakeAuth.caller(of: request, in: world, now: now) {
            case .failure(let response): return response
            case .success(let found): caller = found
            }
            guard let user = caller.userID else { return .message(401, "401 Unauthorized") }
            let writing = request.method == "POST"
            if caller.scopes.isDisjoint(with: writing ? ["api"] : ["api", "read_api"]) {
                return .error(
                    403,
                    "insufficient_scope",
                    description: "The request requires higher privileges than provided by the access token.",
                    extra: [("scope", .string(writing ? "api" : "api read_api"))]
                )
            }
            let api = FakeAPI(
                world: world,
                request: request,
                caller: caller,
                now: now,
                baseURL: baseURL,
                configuration: configuration,
                logCache: logCache
            )
            if path[0] == "groups" {
                let answer = api.withGroup(path[1]) { group in
                    owner = (nil, group.id)
                    return .json(nil)
                }
                return owner == nil ? answer : nil
            }
            let answer = api.withProject(path[1]) { project in
                let role =
                    project.ownerID == user
                    ? FakeAccessLevel.owner
                    : project.memberRoles[user] ?? (project.members.contains(user) ? .developer : nil)
                guard let role, role >= .maintainer else { return .message(403, "403 Forbidden") }
                owner = (project.id, nil)
                return .json(nil)
            }
            return owner == nil ? answer : nil
        }
        if let refused { return refused }
        guard let owner else { return .routeNotFound }
        if request.method == "GET" {
            let hooks = store.read { $0.webhooks.filter { $0.projectID == owner.project && $0.groupID == owner.group } }
            return .json(.array(hooks.map(Self.render)))
        }
        let form = request.form
        guard let url = form["url"], !url.isEmpty else { return .error(400, "url is missing") }
        let hook = store.write { world -> FakeWebhook in
            let hook = FakeWebhook(
                id: world.allocateID("hook"),
                projectID: owner.project,
                groupID: owner.group,
                url: url,
                token: form["token"],
                pushEvents: Self.flag(form["push_events"], default: true),
                tagPushEvents: Self.flag(form["tag_push_events"], default: false),
                sslVerification: Self.flag(form["enable_ssl_verification"], default: true)
            )
            world.webhooks.append(hook)
            return hook
        }
        return .json(Self.render(hook), status: 201)
    }

    /// A boolean parameter as GitLab's API reads it (`true`/`false`, and JSON booleans, which the form reads as 1/0).
    private static func flag(_ value: String?, default fallback: Bool) -> Bool {
        guard let value = value?.lowercased() else { return fallback }
        return ["true", "1"].contains(value)
    }

    private static func render(_ hook: FakeWebhook) -> FakeJSON {
        var fields: [(String, FakeJSON)] = [("id", .int(hook.id)), ("url", .string(hook.url))]
        if let project = hook.projectID { fields.append(("project_id", .int(project))) }
        if let group = hook.groupID { fields.append(("group_id", .int(group))) }
        fields += [
            ("push_events", .bool(hook.pushEvents)), ("tag_push_events", .bool(hook.tagPushEvents)),
            ("enable_ssl_verification", .bool(hook.sslVerification)),
        ]
        return .object(fields)
    }
}
