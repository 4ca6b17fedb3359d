import Foundation

/// Renders the fake's records in GitLab's JSON shapes (the ones in GitLab's API documentation).
struct FakeRenderer {
    let world: FakeWorld
    /// `http://127.0.0.1:port`, for `web_url`s.
    let baseURL: String

    func project(_ project: FakeWorld.Project, simple: Bool) -> FakeJSON {
        let fullPath = world.fullPath(of: project)
        let empty = project.repository.isEmpty
        var fields: [(String, FakeJSON)] = [
            ("id", .int(project.id)),
            ("description", .optional(project.description)),
            ("name", .string(project.name)),
            ("name_with_namespace", .string(namespaceName(of: project) + " / " + project.name)),
            ("path", .string(project.path)),
            ("path_with_namespace", .string(fullPath)),
            ("created_at", .string(FakeDateFormat.iso(project.createdAt))),
            ("default_branch", empty ? .null : .optional(project.defaultBranch)),
            ("tag_list", []),
            ("topics", []),
            ("ssh_url_to_repo", .string("git@127.0.0.1:\(fullPath).git")),
            ("http_url_to_repo", .string("\(baseURL)/\(fullPath).git")),
            ("web_url", .string("\(baseURL)/\(fullPath)")),
            ("avatar_url", .null),
            ("star_count", 0),
            ("last_activity_at", .string(FakeDateFormat.iso(project.lastActivityAt))),
            ("namespace", namespace(of: project)),
        ]
        if !simple {
            fields += [
                ("empty_repo", .bool(empty)),
                ("archived", .bool(project.archived)),
                ("visibility", .string(project.visibility.rawValue)),
                ("repository_access_level", "enabled"),
                ("creator_id", .optional(project.ownerID)),
                ("updated_at", .string(FakeDateFormat.iso(project.lastActivityAt))),
            ]
        }
        return .object(fields)
    }

    func namespace(of project: FakeWorld.Project) -> FakeJSON {
        if let groupID = project.groupID, let group = world.groups[groupID] {
            let fullPath = world.fullPath(ofGroup: groupID)
            return .object([
                ("id", .int(group.id)), ("name", .string(group.name)), ("path", .string(group.path)),
                ("kind", "group"), ("full_path", .string(fullPath)), ("parent_id", .optional(group.parentID)),
                ("avatar_url", .null), ("web_url", .string("\(baseURL)/groups/\(fullPath)")),
            ])
        }
        let user = project.namespaceUserID.flatMap { world.users[$0] }
        return .object([
            ("id", .optional(user?.id)), ("name", .optional(user?.name)), ("path", .optional(user?.username)),
            ("kind", "user"), ("full_path", .optional(user?.username)), ("parent_id", .null),
        ])
    }

    func namespaceName(of project: FakeWorld.Project) -> String {
        if let groupID = project.groupID { return world.fullName(ofGroup: groupID) }
        return project.namespaceUserID.flatMap { world.users[$0]?.name } ?? ""
    }

    func group(_ group: FakeWorld.Group) -> FakeJSON {
        let fullPath = world.fullPath(ofGroup: group.id)
        return .object([
            ("id", .int(group.id)), ("web_url", .string("\(baseURL)/groups/\(fullPath)")),
            ("name", .string(group.name)), ("path", .string(group.path)), ("description", .optional(group.description)),
            ("visibility", .string(group.visibility.rawValue)),
            ("full_name", .string(world.fullName(ofGroup: group.id))),
            ("full_path", .string(fullPath)), ("parent_id", .optional(group.parentID)), ("created_at", .null),
        ])
    }

    /// A commit: the list shape, or the single-commit shape (`last_pipeline`, `status`, `project_id`).
    func commit(
        _ commit: FakeCommitRecord,
        in project: FakeWorld.Project,
        stats: Bool,
        trailers: Bool = false,
        single: Bool = false
    ) -> FakeJSON {
        let date = FakeDateFormat.commit(commit.committedAt, offsetMinutes: commit.committer.utcOffsetMinutes)
        var fields: [(String, FakeJSON)] = [
            ("id", .string(commit.sha)),
            ("short_id", .string(String(commit.sha.prefix(11)))),
            ("created_at", .string(date)),
            ("parent_ids", .array(commit.parents.map(FakeJSON.string))),
            ("title", .string(commit.title)),
            ("message", .string(commit.message)),
            ("author_name", .string(commit.author.name)),
            ("author_email", .string(commit.author.email)),
            (
                "authored_date",
                .string(FakeDateFormat.commit(commit.authoredAt, offsetMinutes: commit.author.utcOffsetMinutes))
            ),
            ("committer_name", .string(commit.committer.name)),
            ("committer_email", .string(commit.committer.email)),
            ("committed_date", .string(date)),
        ]
        let pairs = trailers ? commit.trailers : []
        var last: [(String, FakeJSON)] = []
        var all: [(String, [FakeJSON])] = []
        for (key, value) in pairs {
            last.removeAll { $0.0 == key }
            last.append((key, .string(value)))
            if let index = all.firstIndex(where: { $0.0 == key }) {
                all[index].1.append(.string(value))
            } else {
                all.append((key, [.string(value)]))
            }
        }
        fields.append(("trailers", .object(last)))
        fields.append(("extended_trailers", .object(all.map { ($0.0, .array($0.1)) })))
        fields.append(("web_url", .string("\(baseURL)/\(world.fullPath(of: project))/-/commit/\(commit.sha)")))
        if stats {
            let additions = commit.files.reduce(0) { $0 + $1.additions }
            let deletions = commit.files.reduce(0) { $0 + $1.deletions }
            fields.append(
                (
                    "stats",
                    .object([
                        ("additions", .int(Int64(additions))), ("deletions", .int(Int64(deletions))),
                        ("total", .int(Int64(additions + deletions))),
                    ])
                )
            )
        }
        if single {
            fields += [("last_pipeline", .null), ("status", .null), ("project_id", .int(project.id))]
        }
        return .object(fields)
    }

    func branch(_ name: String, in project: FakeWorld.Project, canPush: Bool) -> FakeJSON {
        let repository = project.repository
        let sha = repository.branches[name]!
        let defaultHead = project.defaultBranch.flatMap { repository.branches[$0] }
        let merged = name != project.defaultBranch && defaultHead.map { repository.isAncestor(sha, of: $0) } == true
        return .object([
            ("name", .string(name)),
            ("commit", commit(repository.commits[sha]!, in: project, stats: false)),
            ("merged", .bool(merged)),
            ("protected", .bool(repository.protectedBranches.contains(name))),
            ("default", .bool(name == project.defaultBranch)),
            ("developers_can_push", false),
            ("developers_can_merge", false),
            ("can_push", .bool(canPush)),
            ("web_url", .string("\(baseURL)/\(world.fullPath(of: project))/-/tree/\(name)")),
        ])
    }

    func tag(_ tag: FakeTagRecord, in project: FakeWorld.Project) -> FakeJSON {
        .object([
            ("name", .string(tag.name)), ("message", .string(tag.message ?? "")),
            ("target", .string(tag.objectSHA ?? tag.target)),
            ("commit", project.repository.commits[tag.target].map { commit($0, in: project, stats: false) } ?? .null),
            ("release", .null), ("protected", false),
            ("created_at", tag.createdAt.map { .string(FakeDateFormat.iso($0)) } ?? .null),
        ])
    }

    func user(_ user: FakeWorld.User, full: Bool) -> FakeJSON {
        var fields: [(String, FakeJSON)] = [
            ("id", .int(user.id)), ("username", .string(user.username)), ("name", .string(user.name)),
            ("state", "active"), ("locked", false), ("avatar_url", .null),
            ("web_url", .string("\(baseURL)/\(user.username)")),
        ]
        if full {
            fields += [
                ("created_at", .string(FakeDateFormat.iso(user.createdAt))), ("bio", ""), ("public_email", .null),
                ("bot", .bool(user.bot)), ("email", .string(user.email)), ("is_admin", false),
            ]
        }
        return .object(fields)
    }

    func event(_ event: FakeWorld.Event) -> FakeJSON {
        let author = event.authorID.flatMap { world.users[$0] }
        return .object([
            ("id", .int(event.id)), ("project_id", .int(event.projectID)), ("action_name", .string(event.actionName)),
            ("target_id", .null), ("target_iid", .null), ("target_type", .null), ("author_id", .optional(author?.id)),
            ("target_title", .null), ("created_at", .string(FakeDateFormat.iso(event.createdAt))),
            ("author", author.map { user($0, full: false) } ?? .null),
            ("imported", false), ("imported_from", "none"),
            (
                "push_data",
                .object([
                    ("commit_count", .int(Int64(event.push.commitCount))), ("action", .string(event.push.action)),
                    ("ref_type", .string(event.push.refType)), ("commit_from", .optional(event.push.commitFrom)),
                    ("commit_to", .optional(event.push.commitTo)), ("ref", .optional(event.push.ref)),
                    ("commit_title", .optional(event.push.commitTitle)),
                    ("ref_count", .optional(event.push.refCount.map(Int64.init))),
                ])
            ),
            ("author_username", .optional(author?.username)),
        ])
    }
}
