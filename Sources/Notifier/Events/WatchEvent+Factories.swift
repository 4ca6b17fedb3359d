import Foundation

/// Factories for the watch engine: each builds an event of one type and derives its stable id.
extension WatchEvent {
    /// The event `details` describe, in `project` (on `branch`, for branch events; project-, tag- and instance-wide
    /// events are on none), at `time`: what every factory returns.
    static func event(_ details: EventDetails, in project: ProjectRef, on branch: String? = nil, at time: Date)
        -> WatchEvent
    {
        WatchEvent(occurredAt: time, project: project, branch: branch, details: details)
    }

    /// `commits.new`: commits became reachable from `branch` (oldest first; use `CommitList(keepingEnds:limit:)`
    /// for a huge push).
    public static func commitsNew(
        project: ProjectRef,
        branch: String,
        before: String?,
        after: String,
        commits: CommitList,
        at time: Date
    ) -> WatchEvent {
        event(
            .commitsNew(NewCommits(before: before, after: after, commits: commits)),
            in: project, on: branch, at: time
        )
    }

    /// `contributor.new`: `commit` is the first commit in the project by `contributor`.
    public static func contributorNew(
        project: ProjectRef,
        branch: String?,
        contributor: Person,
        commit: Commit,
        at time: Date
    ) -> WatchEvent {
        event(
            .contributorNew(NewContributor(contributor: contributor, commit: commit)),
            in: project, on: branch, at: time
        )
    }

    /// `branch.created`: `branch` appeared with head `head`.
    public static func branchCreated(
        project: ProjectRef,
        branch: String,
        head: String,
        commit: Commit? = nil,
        at time: Date
    ) -> WatchEvent {
        event(.branchCreated(BranchCreated(head: head, commit: commit)), in: project, on: branch, at: time)
    }

    /// `branch.deleted`: `branch` disappeared; `lastHead` is the head glwatch last saw.
    public static func branchDeleted(
        project: ProjectRef,
        branch: String,
        lastHead: String,
        at time: Date
    )
        -> WatchEvent
    {
        event(.branchDeleted(BranchDeleted(lastHead: lastHead)), in: project, on: branch, at: time)
    }

    /// `branch.force_pushed`: `branch` moved from `oldHead` to `newHead`, which does not contain it (`unrelated`:
    /// which shares no history with it at all; `oldHeadPruned`: GitLab no longer has `oldHead`).
    public static func branchForcePushed(
        project: ProjectRef,
        branch: String,
        oldHead: String,
        newHead: String,
        droppedCount: Int,
        unrelated: Bool = false,
        oldHeadPruned: Bool = false,
        commits: CommitList,
        at time: Date
    ) -> WatchEvent {
        event(
            .branchForcePushed(
                BranchForcePushed(
                    oldHead: oldHead, newHead: newHead, droppedCount: droppedCount, unrelated: unrelated,
                    oldHeadPruned: oldHeadPruned, commits: commits
                )
            ),
            in: project, on: branch, at: time
        )
    }

    /// `project.unreachable`: polls failed `consecutiveFailures` times in a row since `since`.
    public static func projectUnreachable(
        project: ProjectRef,
        reason: String,
        httpStatus: Int?,
        consecutiveFailures: Int,
        since: Date,
        at time: Date
    ) -> WatchEvent {
        event(
            .projectUnreachable(
                ProjectUnreachable(
                    reason: reason,
                    httpStatus: httpStatus,
                    consecutiveFailures: consecutiveFailures,
                    since: since
                )
            ),
            in: project, at: time
        )
    }

    /// `project.stalled`: polls failed the same way (`reason`, at `endpoint`) `sameFailures` times in a row since
    /// `since`.
    public static func projectStalled(
        project: ProjectRef,
        reason: String,
        httpStatus: Int?,
        endpoint: String?,
        sameFailures: Int,
        since: Date,
        at time: Date
    ) -> WatchEvent {
        event(
            .projectStalled(
                ProjectStalled(
                    reason: reason, httpStatus: httpStatus, endpoint: endpoint, sameFailures: sameFailures, since: since
                )
            ),
            in: project, at: time
        )
    }

    /// `project.recovered`: the project, unreachable (or stalled) since `unreachableSince`, answers again.
    public static func projectRecovered(project: ProjectRef, unreachableSince: Date, at time: Date) -> WatchEvent {
        event(.projectRecovered(ProjectRecovered(unreachableSince: unreachableSince)), in: project, at: time)
    }

    /// `project.removed`: `project` left the watch for `reason`, its watched branches last seen at `lastHeads`.
    public static func projectRemoved(
        project: ProjectRef, reason: String, lastHeads: [String: String], at time: Date
    ) -> WatchEvent {
        event(.projectRemoved(ProjectRemoved(reason: reason, lastHeads: lastHeads)), in: project, at: time)
    }

    /// `project.renamed`: `project` (with its new path) was at `oldPath` before.
    public static func projectRenamed(project: ProjectRef, oldPath: String, at time: Date) -> WatchEvent {
        event(.projectRenamed(ProjectRenamed(oldPath: oldPath, newPath: project.path)), in: project, at: time)
    }

    /// `watcher.lagging`: the project's pipeline has not completed a poll for `missedIntervals` intervals.
    public static func watcherLagging(
        project: ProjectRef,
        lastPollAt: Date?,
        intervalSeconds: Double,
        missedIntervals: Int,
        at time: Date
    ) -> WatchEvent {
        event(
            .watcherLagging(
                WatcherLagging(
                    lastPollAt: lastPollAt,
                    intervalSeconds: intervalSeconds,
                    missedIntervals: missedIntervals
                )
            ),
            in: project, at: time
        )
    }

    /// The `project` of an instance-wide event: id 0, the instance's name as its path and its URL as the web page,
    /// so rules match it by `instance` (and by type) rather than by a project path.
    public static func instanceRef(instance: String, url: String) -> ProjectRef {
        ProjectRef(instance: instance, id: 0, path: instance, name: instance, webURL: url)
    }

    /// `instance.unreachable`: every project of `instance` (at `url`) fails the same way since `since`.
    public static func instanceUnreachable(
        instance: String,
        url: String,
        reason: String,
        httpStatus: Int?,
        since: Date,
        at time: Date
    ) -> WatchEvent {
        event(
            .instanceUnreachable(
                InstanceUnreachable(url: url, reason: reason, httpStatus: httpStatus, since: since)
            ),
            in: instanceRef(instance: instance, url: url), at: time
        )
    }

    /// `instance.recovered`: `instance`, unreachable since `unreachableSince`, answers again.
    public static func instanceRecovered(
        instance: String,
        url: String,
        unreachableSince: Date,
        at time: Date
    ) -> WatchEvent {
        event(
            .instanceRecovered(InstanceRecovered(url: url, unreachableSince: unreachableSince)),
            in: instanceRef(instance: instance, url: url), at: time
        )
    }

    /// `token.expiring`: the token `tokenName` of `instance` stops working at `expiresAt`, `daysLeft` days away.
    public static func tokenExpiring(
        instance: String,
        url: String,
        tokenName: String,
        expiresAt: Date,
        daysLeft: Int,
        source: String?,
        at time: Date
    ) -> WatchEvent {
        event(
            .tokenExpiring(
                TokenExpiring(tokenName: tokenName, expiresAt: expiresAt, daysLeft: daysLeft, source: source)
            ),
            in: instanceRef(instance: instance, url: url), at: time
        )
    }
}
