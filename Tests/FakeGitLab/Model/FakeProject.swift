import Foundation

/// A project of the fake GitLab (a handle).
///
/// Its methods change the project the way a user with the right to push, administer and transfer it would.
///
/// Changes are visible to the very next request.
///
/// ```swift
/// let api = gitlab.addProject("acme/backend/api")
/// let first = api.commit("Initial commit", by: alice.author)
/// api.commits(20, on: "main")
/// api.createBranch("feature", from: "main")
/// api.commit("Add feature", on: "feature", by: bob)
/// api.merge("feature", into: "main")
/// api.forcePush("main", to: first)
/// api.rename(to: "acme/api")        // the old path now answers 301
/// api.setVisibility(.private)       // anonymous requests now get 404
/// ```
public struct FakeProject: Sendable, Hashable {
    /// The project's numeric id (stable across renames and moves).
    public let id: Int64
    let gitlab: FakeGitLab

    /// Handles compare by id.
    public static func == (lhs: FakeProject, rhs: FakeProject) -> Bool { lhs.id == rhs.id }

    /// Hashes the id.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    private var store: FakeGitLabStore { gitlab.store }
    private var now: Date { gitlab.store.clock.now }
    private var coarse: Bool { gitlab.store.configuration.coarseLastActivity }

    // MARK: Reading

    /// The current full path (`group/subgroup/project`).
    public var path: String { store.read { $0.fullPath(of: $0.project(id)) } }

    /// The default branch (`nil` until the first push).
    public var defaultBranch: String? { store.read { $0.project(id).defaultBranch } }

    /// The SHA `branch` points to, or `nil`.
    public func head(of branch: String) -> String? { store.read { $0.project(id).repository.branches[branch] } }

    /// The branch names, sorted.
    public var branches: [String] { store.read { $0.project(id).repository.branches.keys.sorted() } }

    /// The SHAs reachable from `ref`, newest first (git's default order).
    public func log(_ ref: String) -> [String] {
        store.read { world in
            let repository = world.project(id).repository
            guard let sha = repository.resolve(ref) else { return [] }
            return repository.log(FakeLogQuery(include: [sha])).map(\.sha)
        }
    }

    // MARK: Commits

    /// Makes one commit on `branch` (default: the default branch, else `main`) and pushes it; returns its SHA.
    @discardableResult
    public func commit(
        _ message: String = "Update README",
        on branch: String? = nil,
        by author: FakeAuthor = .default,
        committer: FakeAuthor? = nil,
        authoredAt: Date? = nil,
        committedAt: Date? = nil,
        files: [FakeCommitFile] = ["README.md"],
        pushedBy pusher: FakeUser? = nil
    ) -> String {
        push(
            [
                FakeCommitSpec(
                    message,
                    author: author,
                    committer: committer,
                    authoredAt: authoredAt,
                    committedAt: committedAt,
                    files: files
                )
            ],
            to: branch,
            pushedBy: pusher
        ).last!
    }

    /// Makes `count` commits on `branch` in one push, authors taken in turn from `authors`; returns their SHAs,
    /// oldest first.
    @discardableResult
    public func commits(
        _ count: Int,
        on branch: String? = nil,
        by authors: [FakeAuthor] = [.default],
        titlePrefix: String = "Change",
        pushedBy pusher: FakeUser? = nil
    ) -> [String] {
        precondition(!authors.isEmpty, "FakeGitLab: commits need at least one author")
        let specs = (0..<count).map { index in
            FakeCommitSpec(
                "\(titlePrefix) \(index + 1)",
                author: authors[index % authors.count],
                files: [
                    FakeCommitFile(path: "src/file\(index % 50).swift", additions: index % 7 + 1, deletions: index % 3)
                ]
            )
        }
        return push(specs, to: branch, pushedBy: pusher)
    }

    /// Pushes `commits` to `branch` (creating it from the default branch if missing) as one push.
    @discardableResult
    public func push(
        _ commits: [FakeCommitSpec],
        to branch: String? = nil,
        pushedBy pusher: FakeUser? = nil
    ) -> [String] {
        let branch = branch ?? defaultBranch ?? "main"
        return store.write { world in
            world.commit(
                projectID: id,
                branch: branch,
                specs: commits,
                pusher: pusher?.id,
                now: now,
                coarseActivity: coarse
            )
        }
    }

    /// Merges `source` into `target` with a merge commit (parents: target's head, then source's head); returns
    /// the merge commit's SHA.
    @discardableResult
    public func merge(
        _ source: String,
        into target: String? = nil,
        by author: FakeAuthor = .default,
        message: String? = nil,
        pushedBy pusher: FakeUser? = nil
    ) -> String {
        let target = target ?? defaultBranch ?? "main"
        guard let sourceHead = head(of: source) ?? store.read({ $0.project(id).repository.resolve(source) }) else {
            preconditionFailure("FakeGitLab: cannot merge unknown ref \(source)")
        }
        let spec = FakeCommitSpec(
            message ?? "Merge branch '\(source)' into '\(target)'",
            author: author,
            files: [],
            extraParents: [sourceHead]
        )
        return push([spec], to: target, pushedBy: pusher).last!
    }

    // MARK: Branches and tags

    /// Creates `name` at `ref` (a branch, tag or SHA), recording a `pushed new` event.
    public func createBranch(_ name: String, from ref: String, pushedBy pusher: FakeUser? = nil) {
        store.write { world in
            var project = world.project(id)
            guard let sha = project.repository.resolve(ref) else {
                preconditionFailure("FakeGitLab: unknown ref \(ref)")
            }
            project.repository.branches[name] = sha
            world.projects[id] = project
            world.recordPush(
                projectID: id,
                ref: name,
                refType: "branch",
                from: nil,
                to: sha,
                count: 0,
                pusher: pusher?.id,
                now: now,
                coarseActivity: coarse
            )
        }
    }

    /// Deletes `name`, recording a `deleted` event.
    ///
    /// Its commits stay in the object store.
    public func deleteBranch(_ name: String, pushedBy pusher: FakeUser? = nil) {
        store.write { world in
            var project = world.project(id)
            guard let old = project.repository.branches.removeValue(forKey: name) else { return }
            world.projects[id] = project
            world.recordPush(
                projectID: id,
                ref: name,
                refType: "branch",
                from: old,
                to: nil,
                count: 0,
                pusher: pusher?.id,
                now: now,
                coarseActivity: coarse
            )
        }
    }

    /// Points `branch` at `ref` whatever its history (`git push --force`), recording a push event.
    public func forcePush(_ branch: String, to ref: String, pushedBy pusher: FakeUser? = nil) {
        store.write { world in
            var project = world.project(id)
            guard let sha = project.repository.resolve(ref) else {
                preconditionFailure("FakeGitLab: unknown ref \(ref)")
            }
            let old = project.repository.branches[branch]
            project.repository.branches[branch] = sha
            world.projects[id] = project
            world.recordPush(
                projectID: id,
                ref: branch,
                refType: "branch",
                from: old,
                to: sha,
                count: 1,
                pusher: pusher?.id,
                now: now,
                coarseActivity: coarse
            )
        }
    }

    /// Rewrites `branch` with one forced push.
    ///
    /// Drops its newest `dropping` commits (following first parents) and pushes `adding` new ones on top, committed
    /// at `committedAt` (a second apart) when given, else at the fake's history clock.
    ///
    /// Returns the new commits' SHAs.
    @discardableResult
    public func rewrite(
        _ branch: String,
        dropping: Int,
        adding: Int,
        by author: FakeAuthor = .default,
        pushedBy pusher: FakeUser? = nil,
        committedAt: Date? = nil
    ) -> [String] {
        forcePushNewCommits(
            branch, adding: adding, titled: "Rewritten", by: author, pushedBy: pusher, committedAt: committedAt
        ) {
            old, repository in
            var base: String? = old
            for _ in 0..<dropping { base = base.flatMap { repository.commits[$0]?.parents.first } }
            return base
        }
    }

    /// Replaces `branch` with an unrelated history of `adding` new commits, in one forced push: an orphan branch, or
    /// another repository's history, pushed over it. The new head shares no ancestor with the old one (GitLab's
    /// merge base answers 404 `Merge Base Not Found` for the pair).
    ///
    /// Returns the new commits' SHAs, oldest first.
    @discardableResult
    public func replaceWithUnrelatedHistory(
        _ branch: String,
        adding: Int,
        by author: FakeAuthor = .default,
        pushedBy pusher: FakeUser? = nil
    ) -> [String] {
        precondition(adding > 0, "FakeGitLab: an unrelated history needs at least one commit")
        return forcePushNewCommits(branch, adding: adding, titled: "Unrelated", by: author, pushedBy: pusher) {
            _, _ in nil
        }
    }

    /// GitLab's housekeeping after its grace period (about two weeks): the commits no branch or tag reaches are
    /// pruned, so a force-pushed-away head no longer resolves — `merge_base` answers 400 `Could not find ref: <sha>`,
    /// `compare` 404 `Ref Not Found`, `commits/<sha>` 404 `Commit Not Found`, and a range from it
    /// (`ref_name=<sha>..<head>`) 400 `ref_name is invalid`. (GitLab also keeps what merge requests, pipelines and
    /// notes refer to; the fake has none of those.) Returns how many commits were pruned.
    @discardableResult
    public func pruneUnreachableCommits() -> Int {
        store.write { world in
            var project = world.project(id)
            let pruned = project.repository.pruneUnreachable()
            world.projects[id] = project
            return pruned
        }
    }

    /// One forced push of `branch`: `adding` new commits (titled `title 1`, `title 2`, …) on the commit `base`
    /// picks from the old head (`nil`: on nothing, an unrelated history), recorded as one push event.
    private func forcePushNewCommits(
        _ branch: String,
        adding: Int,
        titled title: String,
        by author: FakeAuthor,
        pushedBy pusher: FakeUser?,
        committedAt: Date? = nil,
        onto base: (_ old: String, _ repository: FakeRepository) -> String?
    ) -> [String] {
        store.write { world in
            var project = world.project(id)
            guard let old = project.repository.branches[branch] else {
                preconditionFailure("FakeGitLab: no branch \(branch)")
            }
            var head = base(old, project.repository)
            var made: [String] = []
            for index in 0..<adding {
                var spec = FakeCommitSpec("\(title) \(index + 1)", author: author)
                spec.committedAt = committedAt?.addingTimeInterval(Double(index))
                let sha = world.store(spec, parents: head.map { [$0] } ?? [], in: &project)
                made.append(sha)
                head = sha
            }
            project.repository.branches[branch] = head
            world.projects[id] = project
            world.recordPush(
                projectID: id, ref: branch, refType: "branch", from: old, to: head, count: made.count,
                pusher: pusher?.id, now: now, coarseActivity: coarse
            )
            return made
        }
    }

    /// Protects (or unprotects) `branch`.
    public func protect(_ branch: String, _ protected: Bool = true) {
        store.write { world in
            if protected {
                world.projects[id]!.repository.protectedBranches.insert(branch)
            } else {
                world.projects[id]!.repository.protectedBranches.remove(branch)
            }
        }
    }

    // MARK: Administration

    /// Renames or moves the project to `newPath` (`group/subgroup/name`); the old path answers 301 to the id.
    public func rename(to newPath: String) {
        store.write { world in
            var project = world.project(id)
            let oldPath = world.fullPath(of: project)
            let segments = newPath.split(separator: "/").map(String.init)
            precondition(segments.count >= 2, "FakeGitLab: a project path needs a namespace")
            let group = world.ensureGroup(fullPath: segments.dropLast().joined(separator: "/"))
            project.groupID = group.id
            project.namespaceUserID = nil
            project.path = segments.last!
            project.name = segments.last!
            project.formerPaths.append(oldPath)
            world.projects[id] = project
            world.projectIDsByPath[oldPath] = nil
            world.projectIDsByPath[newPath] = id
        }
    }

    /// Moves the project into `groupPath`, keeping its name; the old path answers 301.
    public func move(toGroup groupPath: String) {
        rename(to: groupPath + "/" + store.read { $0.project(id).path })
    }

    /// Deletes the project: its id and paths answer 404 and lists leave it out. Don't use the handle afterwards.
    public func delete() {
        store.write { world in
            let project = world.project(id)
            world.projectIDsByPath[world.fullPath(of: project)] = nil
            for former in project.formerPaths { world.projectIDsByPath[former] = nil }
            world.projects[id] = nil
        }
    }

    /// Archives (or unarchives) the project.
    public func archive(_ archived: Bool = true) {
        store.write { $0.projects[id]!.archived = archived }
    }

    /// Changes the visibility: `.private` hides the project (404) from anyone but members.
    public func setVisibility(_ visibility: FakeVisibility) {
        store.write { $0.projects[id]!.visibility = visibility }
    }

    /// Changes the default branch.
    public func setDefaultBranch(_ branch: String) {
        store.write { $0.projects[id]!.defaultBranch = branch }
    }

    /// Makes `user` a member (a private project becomes visible to them).
    public func addMember(_ user: FakeUser) {
        store.write { _ = $0.projects[id]!.members.insert(user.id) }
    }

    /// Sets `last_activity_at` (to test `last_activity_after` filters).
    public func setLastActivity(_ date: Date) {
        store.write { $0.projects[id]!.lastActivityAt = date }
    }
}
