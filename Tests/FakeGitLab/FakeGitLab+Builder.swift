import Foundation

/// The builder API: users, groups, projects and credentials.
///
/// Every call takes effect at once, also while the server runs.
extension FakeGitLab {
    /// Adds a user (an author, a token owner, a project member).
    ///
    /// - parameter password: Enables signing in with the OAuth password grant.
    /// - parameter utcOffsetMinutes: The offset of the user's commit dates.
    @discardableResult
    public func addUser(
        _ username: String,
        name: String? = nil,
        email: String? = nil,
        password: String? = nil,
        utcOffsetMinutes: Int = 0
    ) -> FakeUser {
        let now = store.clock.now
        let user = store.write { world in
            world.addUser(
                username: username,
                name: name ?? username.capitalized,
                email: email ?? "\(username)@example.com",
                password: password,
                utcOffsetMinutes: utcOffsetMinutes,
                now: now
            )
        }
        return FakeUser(
            id: user.id,
            username: user.username,
            name: user.name,
            email: user.email,
            utcOffsetMinutes: utcOffsetMinutes
        )
    }

    /// Adds a group at `fullPath` (creating missing parent groups).
    @discardableResult
    public func addGroup(_ fullPath: String, name: String? = nil, visibility: FakeVisibility = .public) -> FakeGroup {
        let group = store.write { $0.ensureGroup(fullPath: fullPath, name: name, visibility: visibility) }
        return FakeGroup(id: group.id, gitlab: self)
    }

    /// Adds a project at `fullPath` (`group/subgroup/name`, creating missing groups).
    ///
    /// Its repository is empty until the first commit; the first branch pushed becomes the default branch.
    ///
    /// - parameter owner: The owner (a member; `owned=true` lists it).
    /// - parameter members: Users who can see it when private and list it with `membership=true`.
    /// - parameter objectFormat: `.sha256` for 64-digit commit ids.
    @discardableResult
    public func addProject(
        _ fullPath: String,
        name: String? = nil,
        visibility: FakeVisibility = .public,
        owner: FakeUser? = nil,
        members: [FakeUser] = [],
        description: String? = nil,
        objectFormat: FakeObjectFormat = .sha1
    ) -> FakeProject {
        let now = store.clock.now
        let project = store.write { world in
            var project = world.addProject(
                fullPath: fullPath,
                name: name,
                visibility: visibility,
                defaultBranch: nil,
                objectFormat: objectFormat,
                description: description,
                owner: owner?.id,
                now: now
            )
            for member in members { project.members.insert(member.id) }
            world.projects[project.id] = project
            return project
        }
        return FakeProject(id: project.id, gitlab: self)
    }

    /// The project now at `fullPath`, if any.
    public func project(_ fullPath: String) -> FakeProject? {
        store.read { $0.project(byFullPath: fullPath)?.id }.map { FakeProject(id: $0, gitlab: self) }
    }

    /// The project with `id`, if any.
    public func project(id: Int64) -> FakeProject? {
        store.read { $0.projects[id] != nil } ? FakeProject(id: id, gitlab: self) : nil
    }

    // MARK: Credentials

    /// Creates a personal access token for `user` (`glpat-…`), sent as `PRIVATE-TOKEN` or `Bearer`.
    ///
    /// - parameter scopes: `read_api` covers every GET; `read_user` only `GET /user` (others answer 403
    ///   `insufficient_scope`).
    @discardableResult
    public func addPersonalAccessToken(
        for user: FakeUser,
        scopes: Set<String> = ["read_api"],
        expiresAt: Date? = nil
    ) -> String {
        store.write {
            $0.issueToken(prefix: "glpat-", kind: .personal, userID: user.id, scopes: scopes, expiresAt: expiresAt)
        }
    }

    /// Creates an OAuth access token (expiring after `lifetime`) and its refresh token for `user`.
    @discardableResult
    public func addOAuthToken(
        for user: FakeUser,
        lifetime: TimeInterval? = nil
    ) -> (accessToken: String, refreshToken: String) {
        let now = store.clock.now
        let lifetime = lifetime ?? configuration.oauthTokenLifetime
        let token = store.write { $0.issueOAuthToken(userID: user.id, scopes: ["api"], lifetime: lifetime, now: now) }
        return (token.access, token.refresh)
    }

    /// Creates a CI job token of `project`, run by `user` (`JOB-TOKEN`; project-scoped endpoints only).
    @discardableResult
    public func addJobToken(for user: FakeUser, project: FakeProject) -> String {
        store.write {
            $0.issueToken(
                prefix: "glcbt-",
                kind: .job(projectID: project.id),
                userID: user.id,
                scopes: ["read_api"],
                expiresAt: nil
            )
        }
    }

    /// Registers an OAuth application (its `client_id` and optional secret) for the token endpoint.
    public func addOAuthApplication(clientID: String, secret: String? = nil) {
        store.write { $0.applications[clientID] = .some(secret) }
    }

    /// Revokes a token: it answers 401 `invalid_token` (`Token was revoked…`) from now on.
    public func revokeToken(_ token: String) {
        store.write { $0.tokens[token]?.revoked = true }
    }

    /// Expires a token now: it answers 401 `invalid_token` (`Token is expired…`) from now on.
    public func expireToken(_ token: String) {
        let now = store.clock.now
        store.write { $0.tokens[token]?.expiresAt = now }
    }

    /// Whether `token` is still accepted (known, not revoked, not expired).
    public func isTokenValid(_ token: String) -> Bool {
        let now = store.clock.now
        return store.read { world in
            guard let record = world.tokens[token] else { return false }
            return !record.revoked && (record.expiresAt.map { $0 > now } ?? true)
        }
    }
}
