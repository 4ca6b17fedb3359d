import Foundation

/// Everything the fake GitLab knows, as plain values guarded by `FakeGitLabStore`'s lock.
struct FakeWorld: Sendable {
    struct User: Sendable {
        var id: Int64
        var username: String
        var name: String
        var email: String
        var password: String?
        var utcOffsetMinutes: Int
        var createdAt: Date
        var bot = false
    }

    struct Group: Sendable {
        var id: Int64
        var name: String
        var path: String
        var parentID: Int64?
        var visibility: FakeVisibility
        var description: String?
    }

    struct Project: Sendable {
        var id: Int64
        var name: String
        var path: String
        /// The group the project lives in, or `nil` for a user namespace (`namespaceUserID`).
        var groupID: Int64?
        var namespaceUserID: Int64?
        var visibility: FakeVisibility
        var archived = false
        var defaultBranch: String?
        var description: String?
        var createdAt: Date
        var lastActivityAt: Date
        var members: Set<Int64> = []
        /// Members whose role is not Developer (the default role of `members`).
        var memberRoles: [Int64: FakeAccessLevel] = [:]
        var ownerID: Int64?
        /// Full paths the project had before renames and moves (answered with 301).
        var formerPaths: [String] = []
        var repository = FakeRepository()
        var objectFormat: FakeObjectFormat = .sha1
    }

    struct Event: Sendable {
        var id: Int64
        var projectID: Int64
        var authorID: Int64?
        var authorName: String
        var actionName: String
        var createdAt: Date
        /// When the events endpoints start listing it (`FakeEventVisibility`).
        var visibleAt: Date
        var push: Push

        struct Push: Sendable {
            var commitCount: Int
            var action: String
            var refType: String
            var commitFrom: String?
            var commitTo: String?
            /// `nil` for a bulk push (more refs than `push_event_activities_limit`).
            var ref: String?
            var commitTitle: String?
            /// How many refs a bulk push changed; `nil` otherwise.
            var refCount: Int?
        }
    }

    var users: [Int64: User] = [:]
    var groups: [Int64: Group] = [:]
    var projects: [Int64: Project] = [:]
    var events: [Event] = []
    /// Webhooks added through the API (`POST /projects/:id/hooks`, `POST /groups/:id/hooks`).
    var webhooks: [FakeWebhook] = []
    var eventVisibility = FakeEventVisibility.immediate
    var tokens: [String: FakeToken] = [:]
    var applications: [String: String?] = [:]  // client id → secret
    var nextID: [String: Int64] = [:]
    var commitClock: Date
    var tokenCounter = 0
    /// Project ids by current full path (kept by `addProject` and renames: lookups by path stay O(1)).
    var projectIDsByPath: [String: Int64] = [:]

    init(historyStart: Date) {
        self.commitClock = historyStart
    }

    /// The next id of a kind (`user`, `group`, `project`, `event`), starting at 1.
    mutating func allocateID(_ kind: String) -> Int64 {
        let id = (nextID[kind] ?? 0) + 1
        nextID[kind] = id
        return id
    }

    // MARK: Paths

    func fullPath(ofGroup id: Int64) -> String {
        guard let group = groups[id] else { return "" }
        guard let parent = group.parentID else { return group.path }
        return fullPath(ofGroup: parent) + "/" + group.path
    }

    func fullName(ofGroup id: Int64) -> String {
        guard let group = groups[id] else { return "" }
        guard let parent = group.parentID else { return group.name }
        return fullName(ofGroup: parent) + " / " + group.name
    }

    func namespacePath(of project: Project) -> String {
        if let groupID = project.groupID { return fullPath(ofGroup: groupID) }
        return project.namespaceUserID.flatMap { users[$0]?.username } ?? ""
    }

    func fullPath(of project: Project) -> String { namespacePath(of: project) + "/" + project.path }

    func group(byFullPath path: String) -> Group? {
        groups.values.first { fullPath(ofGroup: $0.id) == path }
    }

    func project(byFullPath path: String) -> Project? {
        projectIDsByPath[path].flatMap { projects[$0] }
    }

    func project(byFormerPath path: String) -> Project? {
        projects.values.first { $0.formerPaths.contains(path) && fullPath(of: $0) != path }
    }

    /// The group and its descendants.
    func descendants(ofGroup id: Int64) -> Set<Int64> {
        var result: Set<Int64> = [id]
        var changed = true
        while changed {
            changed = false
            for group in groups.values where group.parentID.map(result.contains) == true && !result.contains(group.id) {
                result.insert(group.id)
                changed = true
            }
        }
        return result
    }

    // MARK: Visibility

    /// Whether `user` (nil: anonymous) can see `project`: public to all, internal to signed-in users, private to
    /// members and the owner.
    func canSee(_ project: Project, user: Int64?) -> Bool {
        switch project.visibility {
        case .public: return true
        case .internal: return user != nil
        case .private:
            guard let user else { return false }
            return project.members.contains(user) || project.ownerID == user
        }
    }

    /// `user`'s role in `project`, or `nil` when not a member.
    func accessLevel(of user: Int64, in project: Project) -> FakeAccessLevel? {
        if project.ownerID == user { return .owner }
        guard project.members.contains(user) else { return nil }
        return project.memberRoles[user] ?? .developer
    }

    func canSee(_ group: Group, user: Int64?) -> Bool {
        switch group.visibility {
        case .public: return true
        case .internal: return user != nil
        case .private:
            guard let user else { return false }
            let family = descendants(ofGroup: group.id)
            return projects.values.contains { project in
                project.groupID.map(family.contains) == true
                    && (project.members.contains(user) || project.ownerID == user)
            }
        }
    }
}

/// The object format of a fake repository.
public enum FakeObjectFormat: Sendable, Hashable {
    /// 40-digit SHA-1 object ids.
    case sha1
    /// 64-digit SHA-256 object ids.
    case sha256

    var length: Int { self == .sha1 ? 40 : 64 }
}
