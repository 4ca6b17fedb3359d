import Foundation

/// The builder operations, as mutations of the world.
///
/// Each git operation records the push event GitLab would.
extension FakeWorld {
    mutating func addUser(
        username: String,
        name: String,
        email: String,
        password: String?,
        utcOffsetMinutes: Int,
        now: Date
    ) -> User {
        let user = User(
            id: allocateID("user"),
            username: username,
            name: name,
            email: email,
            password: password,
            utcOffsetMinutes: utcOffsetMinutes,
            createdAt: now
        )
        users[user.id] = user
        return user
    }

    /// The group at `fullPath`, creating it and any missing parents (public unless told otherwise).
    mutating func ensureGroup(fullPath: String, name: String? = nil, visibility: FakeVisibility = .public) -> Group {
        if let existing = group(byFullPath: fullPath) { return existing }
        let segments = fullPath.split(separator: "/").map(String.init)
        precondition(!segments.isEmpty, "FakeGitLab: a group needs a path")
        let parent = segments.count > 1 ? ensureGroup(fullPath: segments.dropLast().joined(separator: "/")) : nil
        let group = Group(
            id: allocateID("group"),
            name: name ?? segments.last!.capitalized,
            path: segments.last!,
            parentID: parent?.id,
            visibility: visibility
        )
        groups[group.id] = group
        return group
    }

    mutating func addProject(
        fullPath: String,
        name: String?,
        visibility: FakeVisibility,
        defaultBranch: String?,
        objectFormat: FakeObjectFormat,
        description: String?,
        owner: Int64?,
        now: Date
    ) -> Project {
        precondition(project(byFullPath: fullPath) == nil, "FakeGitLab: project \(fullPath) already exists")
        let segments = fullPath.split(separator: "/").map(String.init)
        precondition(segments.count >= 2, "FakeGitLab: a project path needs a namespace (group/project)")
        let group = ensureGroup(fullPath: segments.dropLast().joined(separator: "/"))
        var project = Project(
            id: allocateID("project"),
            name: name ?? segments.last!,
            path: segments.last!,
            groupID: group.id,
            visibility: visibility,
            defaultBranch: defaultBranch,
            description: description,
            createdAt: now,
            lastActivityAt: now,
            ownerID: owner
        )
        if let owner { project.members.insert(owner) }
        project.objectFormat = objectFormat
        projects[project.id] = project
        projectIDsByPath[fullPath] = project.id
        return project
    }

    // MARK: Git operations

    /// Makes commits on `branch` (creating it from the default branch, or as a root when the repository is
    /// empty), as one push; `record: false` leaves the push event to the caller (a push of several refs).
    mutating func commit(
        projectID: Int64,
        branch: String,
        specs: [FakeCommitSpec],
        pusher: Int64?,
        now: Date,
        coarseActivity: Bool,
        record: Bool = true
    ) -> [String] {
        var project = projects[projectID]!
        let before = project.repository.branches[branch]
        var head = before ?? project.defaultBranch.flatMap { project.repository.branches[$0] }
        var made: [String] = []
        for spec in specs {
            var parents = head.map { [$0] } ?? []
            parents += spec.extraParents.compactMap { project.repository.resolve($0) }
            let sha = store(spec, parents: parents, in: &project)
            made.append(sha)
            head = sha
        }
        let wasEmpty = project.repository.branches.isEmpty
        project.repository.branches[branch] = head
        if wasEmpty { project.defaultBranch = branch }  // GitLab: the first branch pushed becomes the default
        projects[projectID] = project
        guard record else { return made }
        recordPush(
            projectID: projectID,
            ref: branch,
            refType: "branch",
            from: before,
            to: head,
            count: made.count,
            pusher: pusher,
            now: now,
            coarseActivity: coarseActivity
        )
        return made
    }

    /// Stores one commit and returns its SHA.
    mutating func store(_ spec: FakeCommitSpec, parents: [String], in project: inout Project) -> String {
        let sequence = project.repository.nextSequence
        project.repository.nextSequence += 1
        let authored = spec.authoredAt ?? spec.committedAt ?? commitClock
        let committed = spec.committedAt ?? spec.authoredAt ?? commitClock
        if spec.authoredAt == nil && spec.committedAt == nil { commitClock = commitClock.addingTimeInterval(60) }
        let sha = FakeSHA.make(
            project: project.id,
            sequence: sequence,
            salt: spec.message + parents.joined(),
            length: project.objectFormat.length
        )
        project.repository.commits[sha] = FakeCommitRecord(
            sha: sha,
            parents: parents,
            message: spec.message,
            author: spec.author,
            committer: spec.committer ?? spec.author,
            authoredAt: authored,
            committedAt: committed,
            files: spec.files,
            sequence: sequence
        )
        return sha
    }

    mutating func recordPush(
        projectID: Int64,
        ref: String,
        refType: String,
        from: String?,
        to: String?,
        count: Int,
        pusher: Int64?,
        now: Date,
        coarseActivity: Bool
    ) {
        guard let project = projects[projectID] else { return }
        let action = from == nil ? "created" : (to == nil ? "removed" : "pushed")
        let actionName = from == nil ? "pushed new" : (to == nil ? "deleted" : "pushed to")
        let title = to.flatMap { project.repository.commits[$0]?.title }
        let push = Event.Push(
            commitCount: count,
            action: action,
            refType: refType,
            commitFrom: from,
            commitTo: to,
            ref: ref,
            commitTitle: title
        )
        appendEvent(projectID: projectID, actionName: actionName, push: push, pusher: pusher, now: now)
        touch(projectID, now: now, coarseActivity: coarseActivity)
    }

    /// Records the one event GitLab writes for a push that changed more refs than `push_event_activities_limit`:
    /// `commit_count` 0, `ref_count` N, no ref, no commits (`lib/gitlab/data_builder/push.rb` `build_bulk`).
    mutating func recordBulkPush(
        projectID: Int64,
        refCount: Int,
        action: String,
        refType: String,
        pusher: Int64?,
        now: Date,
        coarseActivity: Bool
    ) {
        let actionName = action == "created" ? "pushed new" : (action == "removed" ? "deleted" : "pushed to")
        let push = Event.Push(
            commitCount: 0,
            action: action,
            refType: refType,
            commitFrom: nil,
            commitTo: nil,
            ref: nil,
            commitTitle: nil,
            refCount: refCount
        )
        appendEvent(projectID: projectID, actionName: actionName, push: push, pusher: pusher, now: now)
        touch(projectID, now: now, coarseActivity: coarseActivity)
    }

    private mutating func appendEvent(projectID: Int64, actionName: String, push: Event.Push, pusher: Int64?, now: Date) {
        let user = pusher.flatMap { users[$0] }
        events.append(
            Event(
                id: allocateID("event"),
                projectID: projectID,
                authorID: user?.id,
                authorName: user?.name ?? "Fake Pusher",
                actionName: actionName,
                createdAt: now,
                visibleAt: now.addingTimeInterval(eventVisibility.nextDelay()),
                push: push
            )
        )
    }

    private mutating func touch(_ projectID: Int64, now: Date, coarseActivity: Bool) {
        guard var project = projects[projectID] else { return }
        if !coarseActivity || now.timeIntervalSince(project.lastActivityAt) >= 3600 || now < project.lastActivityAt {
            project.lastActivityAt = now
        }
        projects[projectID] = project
    }

    /// Reads a project's full state, crashing with a clear message when the handle is stale.
    func project(_ id: Int64) -> Project {
        guard let project = projects[id] else { preconditionFailure("FakeGitLab: no project with id \(id)") }
        return project
    }
}

/// One commit to make, for builder calls that make several.
public struct FakeCommitSpec: Sendable {
    /// The full message; the first line is the title.
    public var message: String
    /// The author.
    public var author: FakeAuthor
    /// The committer (the author when `nil`).
    public var committer: FakeAuthor?
    /// The author date (the fake's history clock when `nil`, advancing a minute per commit).
    public var authoredAt: Date?
    /// The committer date (the author date when `nil`).
    ///
    /// Set it in the past to model a wrong clock.
    public var committedAt: Date?
    /// The files the commit changes.
    public var files: [FakeCommitFile]
    /// More parents (refs or SHAs) after the branch head: a merge.
    public var extraParents: [String]

    /// Creates a commit description.
    public init(
        _ message: String,
        author: FakeAuthor = .default,
        committer: FakeAuthor? = nil,
        authoredAt: Date? = nil,
        committedAt: Date? = nil,
        files: [FakeCommitFile] = ["README.md"],
        extraParents: [String] = []
    ) {
        self.message = message
        self.author = author
        self.committer = committer
        self.authoredAt = authoredAt
        self.committedAt = committedAt
        self.files = files
        self.extraParents = extraParents
    }
}
