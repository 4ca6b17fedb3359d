import Foundation

extension FakeAPI {
    private func canPush(_ project: FakeWorld.Project) -> Bool {
        caller.userID.map { project.members.contains($0) || project.ownerID == $0 } ?? false
    }

    /// `GET /projects/:id/repository/branches`: `search`, sorted by name.
    func branches(_ project: FakeWorld.Project) -> FakeResponse {
        var names = project.repository.branches.keys.sorted()
        if let search = request.param("search"), !search.isEmpty {
            names.removeAll { !$0.lowercased().contains(search.lowercased()) }
        }
        return paged(names) { renderer.branch($0, in: project, canPush: canPush(project)) }
    }

    /// `GET /projects/:id/repository/branches/:branch` (the name URL-encoded when it holds `/`).
    func branch(_ project: FakeWorld.Project, _ name: String) -> FakeResponse {
        guard project.repository.branches[name] != nil else { return .message(404, "404 Branch Not Found") }
        return renderer.branch(name, in: project, canPush: canPush(project)).response
    }

    /// `GET /projects/:id/repository/tags`: newest first by default; `order_by` (`name`, `updated`,
    /// `version`), `sort`, `search`.
    func tags(_ project: FakeWorld.Project) -> FakeResponse {
        var tags = Array(project.repository.tags.values)
        if let search = request.param("search"), !search.isEmpty { tags.removeAll { !$0.name.contains(search) } }
        let ordered = sorted(
            tags,
            defaultKey: "updated",
            defaultDescending: true,
            keys: [
                "name": { $0.name < $1.name },
                "updated": { $0.sequence < $1.sequence },
                "version": { $0.name.compare($1.name, options: .numeric) == .orderedAscending },
            ]
        )
        switch ordered {
        case .success(let tags): return paged(tags) { renderer.tag($0, in: project) }
        case .failure(let response): return response
        }
    }

    /// `GET /projects/:id/repository/tags/:tag_name` (the name URL-encoded when it holds `/`).
    func tag(_ project: FakeWorld.Project, _ name: String) -> FakeResponse {
        guard let tag = project.repository.tags[name] else { return .message(404, "404 Tag Not Found") }
        return renderer.tag(tag, in: project).response
    }

    /// `GET /projects/:id/repository/contributors`: the latest 2,000 non-merge commits of the ref (default
    /// branch by default), grouped by exact author email; additions and deletions are 0, as on GitLab.
    func contributors(_ project: FakeWorld.Project) -> FakeResponse {
        let repository = project.repository
        guard !repository.isEmpty else { return .message(404, "404 Repository Not Found") }
        guard let head = repository.resolve(request.param("ref") ?? project.defaultBranch ?? "") else {
            return .json([])
        }
        let recent = repository.log(FakeLogQuery(include: [head])).filter { $0.parents.count <= 1 }.prefix(2000)
        var byEmail: [String: (name: String, commits: Int, first: Int)] = [:]
        for (index, commit) in recent.enumerated() {
            let email = commit.author.email
            byEmail[email] = (
                byEmail[email]?.name ?? commit.author.name, (byEmail[email]?.commits ?? 0) + 1,
                byEmail[email]?.first ?? index
            )
        }
        let entries = byEmail.map { (email: $0.key, name: $0.value.name, commits: $0.value.commits) }
        let ordered = sorted(
            entries,
            defaultKey: "commits",
            defaultDescending: false,
            keys: [
                "name": { ($0.name, $0.email) < ($1.name, $1.email) },
                "email": { $0.email < $1.email },
                "commits": { ($0.commits, $0.email) < ($1.commits, $1.email) },
            ]
        )
        switch ordered {
        case .success(let entries):
            return paged(entries) { entry in
                .object([
                    ("name", .string(entry.name)), ("email", .string(entry.email)),
                    ("commits", .int(Int64(entry.commits))), ("additions", 0), ("deletions", 0),
                ])
            }
        case .failure(let response): return response
        }
    }

    /// `GET /projects/:id/repository/compare?from=&to=&straight=`: commits oldest first, with made-up diffs.
    func compare(_ project: FakeWorld.Project) -> FakeResponse {
        let repository = project.repository
        guard let fromRef = request.param("from"), let toRef = request.param("to") else {
            return .error(400, "from is missing, to is missing")
        }
        guard let from = repository.resolve(fromRef), let to = repository.resolve(toRef) else {
            return .message(404, "404 Ref Not Found")
        }
        let base = request.bool("straight") == true ? from : (repository.mergeBase([from, to]) ?? from)
        let commits = repository.log(FakeLogQuery(include: [to], exclude: [base])).reversed()
        var files: [String: (additions: Int, deletions: Int, new: Bool)] = [:]
        for commit in commits {
            for file in commit.files {
                let previous = files[file.path]
                files[file.path] = (
                    (previous?.additions ?? 0) + file.additions, (previous?.deletions ?? 0) + file.deletions,
                    previous?.new ?? false
                )
            }
        }
        // GitLab cuts the diffs short beyond its diff limits and says so with `compare_timeout`.
        let overflow = files.count > Self.maximumDiffFiles
        let diffs: [FakeJSON] = files.keys.sorted().prefix(Self.maximumDiffFiles).map { path in
            let change = files[path]!
            let lines =
                String(repeating: "+added line\n", count: change.additions)
                + String(repeating: "-removed line\n", count: change.deletions)
            return .object([
                ("old_path", .string(path)), ("new_path", .string(path)), ("a_mode", "100644"), ("b_mode", "100644"),
                ("diff", .string("@@ -1,\(change.deletions) +1,\(change.additions) @@\n" + lines)),
                ("collapsed", false),
                ("too_large", false), ("new_file", false), ("renamed_file", false), ("deleted_file", false),
            ])
        }
        let rendered = commits.map { renderer.commit($0, in: project, stats: false) }
        return FakeJSON.object([
            ("commit", rendered.last ?? .null),
            ("commits", .array(Array(rendered))),
            ("diffs", .array(diffs)),
            ("compare_timeout", .bool(overflow)),
            ("compare_same_ref", .bool(from == to)),
            ("web_url", .string("\(baseURL)/\(world.fullPath(of: project))/-/compare/\(from)...\(to)")),
        ]).response
    }

    /// `GET /projects/:id/repository/merge_base?refs[]=A&refs[]=B`, answering as `lib/api/repositories.rb` does:
    /// 400 `Provide at least 2 refs`; 400 `Could not find ref: A` (`refs: A, B` when several do not resolve: a
    /// pruned commit, a deleted branch); 404 `404 Merge Base Not Found` when the commits share no ancestor.
    func mergeBase(_ project: FakeWorld.Project) -> FakeResponse {
        let refs = request.params("refs[]")
        guard refs.count >= 2 else { return .message(400, "Provide at least 2 refs") }
        let missing = refs.filter { project.repository.resolve($0) == nil }
        guard missing.isEmpty else {
            let noun = missing.count == 1 ? "ref" : "refs"
            return .message(400, "Could not find \(noun): \(missing.joined(separator: ", "))")
        }
        let shas = refs.compactMap(project.repository.resolve)
        guard let base = project.repository.mergeBase(shas), let commit = project.repository.commits[base] else {
            return .message(404, "404 Merge Base Not Found")
        }
        return renderer.commit(commit, in: project, stats: false).response
    }
}
