import Foundation

/// Pushes of several refs at once, and members with a role.
extension FakeProject {
    /// Pushes `commitsEach` new commits to each of `branches` in one `git push` (creating missing branches from
    /// the default branch); returns the new heads by branch.
    ///
    /// Like GitLab, a push that changes more refs than `push_event_activities_limit`
    /// (`FakeGitLabConfiguration.pushEventActivitiesLimit`, default 3) records one bulk event — `ref` null,
    /// `commit_count` 0, `ref_count` N — instead of one event per ref (../shared/GITLAB-API.md, "Bulk push
    /// events").
    @discardableResult
    public func pushBranches(
        _ branches: [String],
        commitsEach: Int = 1,
        by author: FakeAuthor = .default,
        pushedBy pusher: FakeUser? = nil
    ) -> [String: String] {
        precondition(commitsEach >= 1, "FakeGitLab: a push needs at least one commit per branch")
        let now = gitlab.store.clock.now
        let coarse = gitlab.store.configuration.coarseLastActivity
        let limit = gitlab.store.configuration.pushEventActivitiesLimit
        let id = id
        return gitlab.store.write { world in
            let bulk = branches.count > limit
            var heads: [String: String] = [:]
            var created = 0
            for branch in branches {
                if world.project(id).repository.branches[branch] == nil { created += 1 }
                let specs = (0..<commitsEach).map { FakeCommitSpec("Update \(branch) \($0 + 1)", author: author) }
                let made = world.commit(
                    projectID: id,
                    branch: branch,
                    specs: specs,
                    pusher: pusher?.id,
                    now: now,
                    coarseActivity: coarse,
                    record: !bulk
                )
                heads[branch] = made.last
            }
            if bulk {
                world.recordBulkPush(
                    projectID: id,
                    refCount: branches.count,
                    action: created == branches.count ? "created" : "pushed",
                    refType: "branch",
                    pusher: pusher?.id,
                    now: now,
                    coarseActivity: coarse
                )
            }
            return heads
        }
    }

    /// Makes `user` a member with `role` (a private project becomes visible to them; below Reporter its pushes
    /// stay out of their `GET /events?scope=all` feed).
    public func addMember(_ user: FakeUser, as role: FakeAccessLevel) {
        let id = id
        gitlab.store.write { world in
            world.projects[id]!.members.insert(user.id)
            world.projects[id]!.memberRoles[user.id] = role == .developer ? nil : role
        }
    }
}
