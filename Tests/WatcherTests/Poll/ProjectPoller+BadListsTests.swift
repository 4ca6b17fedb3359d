import FakeGitLab
import Foundation
import Notifier
import Synchronization
import Testing

@testable import Watcher

/// A list that lost a page never invents or loses an event: the poll fails clearly and the next one announces
/// exactly what was pushed (issue 12, "bad input stays harmless"; the soak's invented `branch.force_pushed`).
@Suite struct ProjectPollerBadListsTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    /// A transport that answers the last page of the next `times` commit-range walks with an empty list under the
    /// same headers: a list that skipped its last page, as a proxy or a list changing under the client does.
    static func losingLastRangePage(_ losses: LossBudget) -> @Sendable (any GitLabHTTPTransport) -> any GitLabHTTPTransport {
        { base in
            RewritingTransport(base, answer: { request, response in
                guard let (page, _) = ProjectPollerTransientFailuresTests.commitPage(request), page > 1,
                    response.headers["X-Next-Page"].map({ $0.isEmpty }) ?? true, response.body.count > 2,
                    losses.take()
                else { return response }
                var emptied = response
                emptied.body = Array("[]".utf8)
                return emptied
            })
        }
    }

    /// How often the range's last page is lost, and the defence that must catch it: the second reading of the
    /// empty page (once), or the merge base that contradicts the range (on both readings).
    static let lastPageLosses: [(losses: Int, caughtBy: String)] = [
        (1, "was empty, then held"),
        (2, "yet it is the merge base"),
    ]

    @Test(.timeLimit(.minutes(5)), arguments: lastPageLosses)
    func testRangeThatLostItsLastPage_failsThePoll_neverAForcePush_andTheRetryAnnouncesEveryCommit(
        losses: Int, caughtBy: String
    ) async throws {
        // Given a 250-commit push (several pages) and a GitLab that answers the range's last page as empty
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1, by: [ann])
        let budget = LossBudget()
        try await EngineTestHarness.run(
            fake, configuration: ProjectPollerTransientFailuresTests.quickRetries, wrap: Self.losingLastRangePage(budget)
        ) { harness in
            let poller = harness.poller(project)
            _ = await poller.poll()
            let pushed = project.commits(250, by: [ann])
            budget.set(losses)

            // When it is polled
            let outcome = await poller.poll()

            // Then the poll failed, naming the project and the defence that caught it; nothing was stored (no
            // force-push); the next poll announces exactly the push
            #expect(outcome == .failed)
            #expect(poller.lastFailure?.contains(caughtBy) == true, "\(poller.lastFailure ?? "")")
            #expect(poller.lastFailure?.contains("project \(project.id)") == true)
            let afterFailure = try await harness.events(of: project)
            #expect(afterFailure.isEmpty)
            #expect(await poller.poll() == .changed)
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.commitsNew])
            let reported = try await harness.store.reportedCommits(in: harness.key(project), among: pushed)
            #expect(reported.count == 250)
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func testRangeThatSkippedAPage_isNotResumedFromThePoisonedWalk_theNextPollStartsOver() async throws {
        // Given a 350-commit push (four pages) and a GitLab that answers page 2 of the range once with page 3's
        // commits (under page 2's headers), so that page 3 then repeats them
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1, by: [ann])
        try await EngineTestHarness.run(fake, configuration: ProjectPollerTransientFailuresTests.quickRetries) {
            harness in
            let poller = harness.poller(project)
            _ = await poller.poll()
            let pushed = project.commits(350, by: [ann])
            fake.inject(FakeFault(.skipPage, on: .pathContaining("/repository/commits", query: "&page=2&"), times: 1))

            // When it is polled twice
            let first = await poller.poll()
            let firstFailure = poller.lastFailure
            let second = await poller.poll()

            // Then the first poll fails on the repeat; the second does not resume the walk that holds the skipped
            // page's successor (it would repeat forever) but reads the range again and announces exactly the push
            #expect(first == .failed)
            #expect(firstFailure?.contains("repeats commit") == true, "\(firstFailure ?? "")")
            #expect(second == .changed, "\(poller.lastFailure ?? "")")
            let reported = try await harness.store.reportedCommits(in: harness.key(project), among: pushed)
            #expect(reported.count == 350)
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func testNewBranchWhoseRangeCameBackEmpty_failsThePoll_andTheRetryAnnouncesItsCommits() async throws {
        // Given a project watched on every branch, then a new branch with 3 commits of its own, and a GitLab that
        // answers that branch's range once as empty (its only page lost)
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1, by: [ann])
        let emptyOnce = LossBudget()
        let wrap: @Sendable (any GitLabHTTPTransport) -> any GitLabHTTPTransport = { base in
            RewritingTransport(base, answer: { request, response in
                guard ProjectPollerTransientFailuresTests.commitPage(request) != nil, emptyOnce.take()
                else { return response }
                var emptied = response
                emptied.body = Array("[]".utf8)
                return emptied
            })
        }
        try await EngineTestHarness.run(fake, configuration: ProjectPollerTransientFailuresTests.quickRetries, wrap: wrap) {
            harness in
            var options = PollOptions()
            options.branches = .all
            let poller = harness.poller(project, options: options)
            _ = await poller.poll()
            project.createBranch("feature", from: "main")
            let pushed = project.commits(3, on: "feature", by: [ann])
            emptyOnce.set(1)

            // When it is polled
            let outcome = await poller.poll()

            // Then the empty range is checked against the merge base and refused; the next poll announces the
            // branch and its commits
            #expect(outcome == .failed)
            #expect(poller.lastFailure?.contains("the range is empty, yet") == true, "\(poller.lastFailure ?? "")")
            let afterFailure = try await harness.events(of: project)
            #expect(afterFailure.isEmpty)
            #expect(await poller.poll() == .changed)
            let events = try await harness.events(of: project)
            #expect(events.filter { $0.type == .commitsNew }.flatMap(\.commits).map(\.id) == pushed)
            #expect(events.filter { $0.type == .branchCreated }.count == 1)
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func testForcePushWhoseRangeSkippedItsOnlyPage_failsThePoll_andTheRetryAnnouncesTheRewriteWithItsCommits()
        async throws
    {
        // Given a watched project, a force-push that drops one commit and adds two, and a GitLab that answers the
        // range's only page once with the (empty) page after it under page 1's headers — what the 20-minute soak
        // hit: the rewrite was announced without its commits, and those were lost for good
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(3, by: [ann])
        try await EngineTestHarness.run(fake, configuration: ProjectPollerTransientFailuresTests.quickRetries) {
            harness in
            let poller = harness.poller(project)
            _ = await poller.poll()
            let added = project.rewrite("main", dropping: 1, adding: 2, by: ann)
            fake.inject(FakeFault(.skipPage, on: .pathContaining("/repository/commits"), times: 1))

            // When it is polled twice
            let first = await poller.poll()
            let firstFailure = poller.lastFailure
            let second = await poller.poll()

            // Then the empty range is checked against the merge base and refused (naming the project); the next
            // poll announces the force-push with both new commits
            #expect(first == .failed)
            #expect(firstFailure?.contains("the range is empty, yet") == true, "\(firstFailure ?? "")")
            #expect(firstFailure?.contains("project \(project.id)") == true)
            #expect(second == .changed, "\(poller.lastFailure ?? "")")
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.branchForcePushed])
            #expect(Set(events.flatMap(\.commits).map(\.id)) == Set(added))
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func testRangeWhoseFirstPageLostItsHead_failsThePoll_andTheRetryAnnouncesEveryCommit() async throws {
        // Given a watched project, a 3-commit push, and a GitLab that answers the range's first page once without
        // its newest commit (the pushed head): the rest still links to the old head, so it reads as a complete
        // fast-forward that silently lacks a commit
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1, by: [ann])
        let spoiled = LossBudget()
        let wrap: @Sendable (any GitLabHTTPTransport) -> any GitLabHTTPTransport = { base in
            RewritingTransport(base, answer: { request, response in
                guard ProjectPollerTransientFailuresTests.commitPage(request)?.page == 1,
                    var items = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [Any],
                    !items.isEmpty, spoiled.take()
                else { return response }
                items.removeFirst()
                var shortened = response
                shortened.body = Array((try? JSONSerialization.data(withJSONObject: items)) ?? Data("[]".utf8))
                return shortened
            })
        }
        try await EngineTestHarness.run(fake, configuration: ProjectPollerTransientFailuresTests.quickRetries, wrap: wrap) {
            harness in
            let poller = harness.poller(project)
            _ = await poller.poll()
            let pushed = project.commits(3, by: [ann])
            spoiled.set(1)

            // When it is polled twice
            let first = await poller.poll()
            let firstFailure = poller.lastFailure
            let second = await poller.poll()

            // Then the first poll is refused for the missing head; the second announces all three commits
            #expect(first == .failed)
            let missing = "lacks the range's own head \(pushed.last!)"
            #expect(firstFailure?.contains(missing) == true, "\(firstFailure ?? "")")
            #expect(second == .changed, "\(poller.lastFailure ?? "")")
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.commitsNew])
            #expect(events.flatMap(\.commits).map(\.id) == pushed)
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func testBranchListThatLostItsPage_announcesNoDeletion_andFailsThePollClearly() async throws {
        // Given a project watched on every branch, and a GitLab that answers its branch list as empty (twice, so
        // that the second reading of an empty list believes it)
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(2, by: [ann])
        project.createBranch("feature", from: "main")
        let emptied = LossBudget()
        let wrap: @Sendable (any GitLabHTTPTransport) -> any GitLabHTTPTransport = { base in
            RewritingTransport(base, answer: { request, response in
                guard request.url.path.hasSuffix("/repository/branches"), emptied.take() else { return response }
                var emptied = response
                emptied.body = Array("[]".utf8)
                return emptied
            })
        }
        try await EngineTestHarness.run(fake, configuration: ProjectPollerTransientFailuresTests.quickRetries, wrap: wrap) {
            harness in
            var options = PollOptions()
            options.branches = .all
            let poller = harness.poller(project, options: options)
            _ = await poller.poll()
            project.commits(1, by: [ann])
            emptied.set(2)  // both readings of the empty list

            // When it is polled
            let outcome = await poller.poll()

            // Then no branch is reported deleted: the poll failed, saying the list lacks the default branch; the
            // next poll announces the new commit and nothing else
            #expect(outcome == .failed)
            #expect(poller.lastFailure?.contains("lacks the default branch main") == true, "\(poller.lastFailure ?? "")")
            let afterFailure = try await harness.events(of: project)
            #expect(afterFailure.isEmpty)
            #expect(await poller.poll() == .changed)
            let afterRetry = try await harness.events(of: project)
            #expect(afterRetry.map(\.type) == [.commitsNew])
        }
    }
}

/// How many more answers a test transport may spoil.
final class LossBudget: Sendable {
    private let left = Mutex(0)

    /// Allows `count` more spoiled answers.
    func set(_ count: Int) { left.withLock { $0 = count } }

    /// Whether one more answer may be spoiled (using it up).
    func take() -> Bool {
        left.withLock { count in
            defer { count = max(0, count - 1) }
            return count > 0
        }
    }
}
