import Foundation

/// The webhook bodies GitLab sends for the fake's pushes and project changes, written by hand like the rest of the
/// fake (docs `user/project/integrations/webhook_events.md`, `administration/system_hooks.md`): the newest 20
/// commits of a push and `total_commits_count`, `0000…` for a created or deleted ref.
struct FakeHookPayload: Sendable {
    /// `X-Gitlab-Event`.
    var event: String
    /// `event_name`.
    var eventName: String
    /// The project.
    var project: Int64
    /// The full ref, for pushes.
    var ref: String?
    /// When it happened.
    var at: Date
    /// The body.
    var body: FakeJSON

    static let zeroSHA = String(repeating: "0", count: 40)

    /// The hook for a recorded push event; `nil` for a bulk push (more refs than `push_event_hooks_limit`: GitLab
    /// fires no hook at all) or an event of a project that no longer exists.
    static func push(_ event: FakeWorld.Event, in world: FakeWorld, kind: FakeHookSettings.Kind) -> FakeHookPayload? {
        guard let ref = event.push.ref, let project = world.projects[event.projectID] else { return nil }
        let isTag = event.push.refType == "tag"
        let fullRef = (isTag ? "refs/tags/" : "refs/heads/") + ref
        let name = isTag ? "tag_push" : "push"
        let commits = newestCommits(event, in: project.repository)
        let user = event.authorID.flatMap { world.users[$0] }
        var fields: [(String, FakeJSON)] = []
        if kind == .project { fields.append(("object_kind", .string(name))) }
        fields += [
            ("event_name", .string(name)),
            ("before", .string(event.push.commitFrom ?? zeroSHA)),
            ("after", .string(event.push.commitTo ?? zeroSHA)),
            ("ref", .string(fullRef)),
            ("checkout_sha", .optional(event.push.commitTo)),
            ("user_id", .optional(user?.id)),
            ("user_name", .string(user?.name ?? event.authorName)),
            ("user_username", .optional(user?.username)),
            ("project_id", .int(project.id)),
            (
                "project",
                .object([
                    ("id", .int(project.id)),
                    ("name", .string(project.name)),
                    ("path_with_namespace", .string(world.fullPath(of: project))),
                    ("default_branch", .optional(project.defaultBranch)),
                ])
            ),
            ("commits", .array(commits.map(render))),
            ("total_commits_count", .int(Int64(event.push.commitCount))),
        ]
        return FakeHookPayload(
            event: kind == .system ? "System Hook" : (isTag ? "Tag Push Hook" : "Push Hook"),
            eventName: name,
            project: project.id,
            ref: fullRef,
            at: event.createdAt,
            body: .object(fields)
        )
    }

    /// A system hook for a project's creation, removal, rename or transfer.
    static func lifecycle(
        _ name: String,
        project: Int64,
        path: String,
        oldPath: String?,
        at time: Date
    ) -> FakeHookPayload {
        var fields: [(String, FakeJSON)] = [
            ("event_name", .string(name)),
            ("name", .string(String(path.split(separator: "/").last ?? ""))),
            ("path", .string(String(path.split(separator: "/").last ?? ""))),
            ("path_with_namespace", .string(path)),
            ("project_id", .int(project)),
            ("project_visibility", "public"),
        ]
        if let oldPath { fields.append(("old_path_with_namespace", .string(oldPath))) }
        return FakeHookPayload(
            event: "System Hook",
            eventName: name,
            project: project,
            ref: nil,
            at: time,
            body: .object(fields)
        )
    }

    /// The push's commits, newest first along first parents from `commitTo` down to `commitFrom`, at most 20
    /// (GitLab lists the newest 20; `total_commits_count` has the real number).
    private static func newestCommits(_ event: FakeWorld.Event, in repository: FakeRepository) -> [FakeCommitRecord] {
        var commits: [FakeCommitRecord] = []
        var next = event.push.commitTo
        while let sha = next, sha != event.push.commitFrom, commits.count < min(20, event.push.commitCount),
            let commit = repository.commits[sha]
        {
            commits.append(commit)
            next = commit.parents.first
        }
        return commits.reversed()
    }

    private static func render(_ commit: FakeCommitRecord) -> FakeJSON {
        .object([
            ("id", .string(commit.sha)),
            ("message", .string(commit.message)),
            ("title", .string(commit.title)),
            ("timestamp", .string(FakeDateFormat.iso(commit.authoredAt, milliseconds: false))),
            ("author", .object([("name", .string(commit.author.name)), ("email", .string(commit.author.email))])),
            // The fake's files carry line counts, not whether they were added or removed: all count as modified.
            ("added", []),
            ("modified", .array(commit.files.map { .string($0.path) })),
            ("removed", []),
        ])
    }
}
