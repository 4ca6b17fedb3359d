import Foundation

/// One realistic event of every type, for test messages, template checks and `test-rule` without a store.
public enum SampleEvents {
    /// The sample project, `glwatch/sample` on `gitlab.example.com`.
    public static let project = ProjectRef(
        instance: "gitlab.example.com",
        id: 4242,
        path: "glwatch/sample",
        name: "sample",
        webURL: "https://gitlab.example.com/glwatch/sample"
    )

    /// A `commits.new` event with two commits on `main`.
    public static func commitsNew(at time: Date) -> WatchEvent {
        let ada = Person(name: "Ada Lovelace", email: "ada@example.com")
        let when = CommitTimestamp(date: time.addingTimeInterval(-600), utcOffsetSeconds: 3600)
        let first = Commit(
            id: "1111111111111111111111111111111111111111",
            message: "Add the analytical engine\n\nSigned-off-by: Ada Lovelace <ada@example.com>",
            author: ada,
            authoredAt: when,
            parentIDs: ["0000000000000000000000000000000000000000"],
            webURL: "\(project.webURL!)/-/commit/1111111111111111111111111111111111111111",
            trailers: ["Signed-off-by": ["Ada Lovelace <ada@example.com>"]]
        )
        let second = Commit(
            id: "2222222222222222222222222222222222222222",
            message: "Test message from glwatch",
            author: ada,
            authoredAt: when,
            parentIDs: [first.id],
            webURL: "\(project.webURL!)/-/commit/2222222222222222222222222222222222222222"
        )
        return .commitsNew(
            project: project,
            branch: "main",
            before: "0000000000000000000000000000000000000000",
            after: second.id,
            commits: CommitList(commits: [first, second]),
            at: time
        )
    }

    /// One event of each type.
    public static func all(at time: Date) -> [WatchEvent] {
        let commits = commitsNew(at: time)
        let first = commits.commits[0]
        return [
            commits,
            .contributorNew(project: project, branch: "main", contributor: first.author, commit: first, at: time),
            .branchCreated(project: project, branch: "feature/engine", head: first.id, commit: first, at: time),
            .branchDeleted(project: project, branch: "feature/old", lastHead: first.id, at: time),
            .branchForcePushed(
                project: project,
                branch: "feature/engine",
                oldHead: first.id,
                newHead: commits.commits[1].id,
                droppedCount: 1,
                commits: CommitList(commits: [commits.commits[1]]),
                at: time
            ),
            .tagCreated(
                project: project, tag: "v1.0.0", sha: first.id, message: "Release 1.0.0", commit: first, at: time
            ),
            .tagDeleted(project: project, tag: "v0.9.0-rc1", lastSHA: first.id, at: time),
            .projectUnreachable(
                project: project,
                reason: "404 Project Not Found",
                httpStatus: 404,
                consecutiveFailures: 3,
                since: time.addingTimeInterval(-180),
                at: time
            ),
            .projectStalled(
                project: project,
                reason: "400 Bad Request on GET /projects/:id/repository/compare for project glwatch/sample: Could not find ref",
                httpStatus: 400,
                endpoint: "GET /projects/:id/repository/compare",
                sameFailures: 5,
                since: time.addingTimeInterval(-600),
                at: time
            ),
            .projectRecovered(project: project, unreachableSince: time.addingTimeInterval(-3600), at: time),
            .projectRenamed(project: project, oldPath: "glwatch/old-sample", at: time),
            .projectRemoved(
                project: project, reason: "deleted or no longer visible", lastHeads: ["main": first.id], at: time
            ),
            .watcherLagging(
                project: project,
                lastPollAt: time.addingTimeInterval(-300),
                intervalSeconds: 60,
                missedIntervals: 5,
                at: time
            ),
            .instanceUnreachable(
                instance: project.instance,
                url: "https://gitlab.example.com",
                reason: "401 Unauthorized: Token was revoked",
                httpStatus: 401,
                since: time.addingTimeInterval(-120),
                at: time
            ),
            .instanceRecovered(
                instance: project.instance,
                url: "https://gitlab.example.com",
                unreachableSince: time.addingTimeInterval(-3600),
                at: time
            ),
            .tokenExpiring(
                instance: project.instance,
                url: "https://gitlab.example.com",
                tokenName: "glwatch",
                expiresAt: time.addingTimeInterval(10 * 86_400),
                daysLeft: 10,
                source: "file /run/secrets/gitlab_token",
                at: time
            ),
        ]
    }
}
