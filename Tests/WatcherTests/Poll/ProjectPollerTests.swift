import FakeGitLab
import Foundation
import Notifier
import Testing

@testable import Watcher

@Suite struct ProjectPollerTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")
    let bob = FakeAuthor(name: "Bob Builder", email: "bob@example.com")

    @Test func testPoll_firstSight_isASilentBaseline() async throws {
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(3, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let outcome = await harness.poller(project).poll()

            #expect(outcome == .changed)
            let events = try await harness.events(of: project)
            #expect(events.isEmpty)
            let state = try #require(try await harness.store.projectState(ProjectKey(instance: "fake", id: project.id)))
            #expect(state.heads.map(\.sha) == [project.head(of: "main")])
            #expect(state.record.path == "acme/api")
        }
    }

    @Test func testPoll_nothingChanged_costsOneRequest() async throws {
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(2, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project)
            _ = await poller.poll()
            fake.resetRequestLog()

            let outcome = await poller.poll()

            #expect(outcome == .unchanged)
            #expect(fake.requestCount() == 1)
            let events = try await harness.events(of: project)
            #expect(events.isEmpty)
        }
    }

    @Test func testPoll_newCommits_announcedOldestFirst_onceOnly() async throws {
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        let base = project.commits(2, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project)
            _ = await poller.poll()
            let pushed = project.commits(3, by: [ann])

            #expect(await poller.poll() == .changed)
            #expect(await poller.poll() == .unchanged)

            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.commitsNew])
            #expect(events.first?.commits.map(\.id) == pushed)
            guard case .commitsNew(let details) = events.first?.details else { return }
            #expect(details.before == base.last)
            #expect(details.after == pushed.last)
        }
    }

    @Test func testPoll_forcePush_reportsDroppedAndNewCommits() async throws {
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        let base = project.commits(2, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project)
            project.commits(3, by: [ann])
            _ = await poller.poll()
            // Rewrite: reset main to the base and push two different commits.
            project.forcePush("main", to: base.last!)
            let rewritten = project.commits(2, by: [ann], titlePrefix: "Rewritten")

            #expect(await poller.poll() == .changed)

            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.branchForcePushed])
            guard case .branchForcePushed(let details) = events.first?.details else { return }
            #expect(details.droppedCount == 3)
            #expect(details.commits.commits.map(\.id) == rewritten)
        }
    }

    @Test func testPoll_newContributor_announcedOnce_caseAndNameVariantsAreNotNew() async throws {
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(2, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project)
            _ = await poller.poll()
            project.commits(1, by: [FakeAuthor(name: "Ann A.", email: "ANN@Example.com")])
            project.commits(1, by: [bob])
            project.commits(1, by: [bob])
            _ = await poller.poll()

            let events = try await harness.events(of: project)
            let newcomers = events.filter { $0.type == .contributorNew }
            #expect(newcomers.count == 1)
            guard case .contributorNew(let details) = newcomers.first?.details else { return }
            #expect(details.contributor.email == "bob@example.com")
        }
    }

    @Test func testPoll_oldContributorBeyondTheContributorsWindow_isConfirmedNotNew() async throws {
        // GitLab's contributors endpoint covers only the latest ~2,000 commits: Bob's one old commit falls
        // outside it, so the baseline does not know him and his next commit looks new until one query
        // (an earlier commit by him?) says otherwise.
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1, by: [bob])
        project.commits(2_001, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project)
            _ = await poller.poll()
            let known = try await harness.store.knownContributors(
                in: ProjectKey(instance: "fake", id: project.id), among: ["bob@example.com", "ann@example.com"])
            #expect(known == ["ann@example.com"])
            project.commits(1, by: [bob])
            fake.resetRequestLog()
            _ = await poller.poll()

            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.commitsNew])
            #expect(fake.requests.contains { $0.query.contains("author=bob%40example.com") || $0.query.contains("author=bob@example.com") })
        }
    }

    @Test func testPoll_featureBranchMergedIntoMain_commitsAnnouncedOnce() async throws {
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project, options: PollOptions(branches: .all))
            _ = await poller.poll()
            project.createBranch("feature", from: "main")
            let feature = project.commits(2, on: "feature", by: [ann])
            _ = await poller.poll()
            let merge = project.merge("feature", into: "main")
            _ = await poller.poll()

            let events = try await harness.events(of: project)
            let announced = events.filter { $0.type == .commitsNew }.flatMap(\.commits).map(\.id)
            #expect(announced == feature + [merge])
            #expect(events.map(\.type).contains(.branchCreated))
        }
    }

    @Test func testPoll_hugePush_isOneEventWithTotalAndEnds() async throws {
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project)
            _ = await poller.poll()
            let pushed = project.commits(2_500, by: [ann])
            _ = await poller.poll()

            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.commitsNew])
            let list = try #require(events.first?.details.commitList)
            #expect(list.totalCount == 2_500)
            #expect(list.commits.count == 200)
            #expect(list.commits.first?.id == pushed.first)
            #expect(list.commits.last?.id == pushed.last)
        }
    }

    @Test func testPoll_emptyProjectReceivesFirstCommit_announcesIt() async throws {
        let fake = FakeGitLab()
        let project = fake.addProject("acme/empty")
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project)
            _ = await poller.poll()
            let first = project.commit("Initial commit", by: ann)
            _ = await poller.poll()

            let events = try await harness.events(of: project)
            #expect(events.map(\.type).contains(.commitsNew))
            #expect(events.first { $0.type == .commitsNew }?.commits.map(\.id) == [first])
        }
    }

    @Test func testPoll_privateThenPublic_unreachableAfterThreeFailures_thenRecovered() async throws {
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project)
            _ = await poller.poll()
            project.setVisibility(.private)
            let failures = [await poller.poll(), await poller.poll(), await poller.poll(), await poller.poll()]
            project.setVisibility(.public)
            let recovered = await poller.poll()

            #expect(failures == [.failed, .failed, .failed, .failed])
            #expect(recovered == .unchanged || recovered == .changed)
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.projectUnreachable, .projectRecovered])
            guard case .projectUnreachable(let details) = events.first?.details else { return }
            #expect(details.httpStatus == 404)
            #expect(details.consecutiveFailures == 3)
        }
    }

    /// Issue 34's last line of defence: an answer glwatch cannot get past by retrying (here a 400 on every
    /// repository read) is announced as `project.stalled` once `stalled_after` (5) polls failed that same way, with
    /// the endpoint and the status; the project is stored as stalled until a poll succeeds (`project.recovered`).
    @Test func testPoll_failingTheSameWayFiveTimes_isStalled_onceWithTheEndpoint_thenRecovered() async throws {
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project)
            _ = await poller.poll()
            let answer = FakeFault.Kind.status(400, body: #"{"message":"400 Bad request - something glwatch never saw"}"#)
            fake.inject(FakeFault(answer, on: .pathContaining("/repository/"), times: nil))

            var failures: [PollOutcome] = []
            var stalledAfter: [Bool] = []
            for _ in 0..<6 {
                failures.append(await poller.poll())
                stalledAfter.append(poller.isStalled)
            }
            #expect(failures == Array(repeating: .failed, count: 6))
            #expect(stalledAfter == [false, false, false, false, true, true])
            #expect(try await harness.status(of: project) == .stalled)

            fake.clearFaults()
            let recovered = await poller.poll()
            #expect(recovered == .unchanged || recovered == .changed)
            #expect(!poller.isStalled)
            #expect(try await harness.status(of: project) == .active)

            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.projectUnreachable, .projectStalled, .projectRecovered])
            guard case .projectStalled(let details) = events.dropFirst().first?.details else { return }
            #expect(details.sameFailures == 5)
            #expect(details.httpStatus == 400)
            #expect(details.endpoint?.hasPrefix("GET /projects/:id/repository/") == true, "\(details)")
            #expect(details.reason.contains("something glwatch never saw"), "\(details.reason)")
            #expect(details.reason.contains("HTTP 400"), "\(details.reason)")
        }
    }

    /// Failures that differ (a 400, then a 500, then the 400 again) are not a stall: only the same answer repeated
    /// `stalled_after` times in a row is.
    @Test func testPoll_failingInDifferentWays_isUnreachableButNotStalled() async throws {
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project)
            _ = await poller.poll()
            let bad = FakeFault.Kind.status(400, body: #"{"message":"400 Bad request - odd"}"#)
            let forbidden = FakeFault.Kind.status(403, body: #"{"message":"403 Forbidden"}"#)
            for kind in [bad, bad, bad, bad, forbidden, bad, bad, bad, bad] {
                fake.clearFaults()
                fake.inject(FakeFault(kind, on: .pathContaining("/repository/"), times: nil))
                #expect(await poller.poll() == .failed)
                #expect(!poller.isStalled)
            }
            fake.clearFaults()

            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.projectUnreachable])
            #expect(try await harness.status(of: project) == .unreachable)
        }
    }

    @Test func testPoll_renamedProject_announcedOnNextRefresh() async throws {
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project)
            _ = await poller.poll()
            project.rename(to: "acme/service")
            poller.refreshProjectInfo()
            fake.resetRequestLog()
            let outcome = await poller.poll()

            // A change besides the heads reaches the store stage; with the heads unmoved, no range is read.
            #expect(outcome == .changed)
            #expect(fake.requestCount(matching: .pathContaining("/compare")) == 0)
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.projectRenamed])
            guard case .projectRenamed(let details) = events.first?.details else { return }
            #expect(details.oldPath == "acme/api")
            #expect(details.newPath == "acme/service")
        }
    }

    @Test func testPoll_sameChangeSeenTwice_yieldsTheSameEventIDs() async throws {
        // The store's transaction is the only commit point: after a crash the next poll re-derives the change
        // from the stored heads, and content-derived ids let the store ignore what it already has.
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { first in
            try await EngineTestHarness.run(fake) { second in
                let pollers = [first.poller(project), second.poller(project)]
                for poller in pollers { _ = await poller.poll() }
                project.commits(2, by: [bob])
                for poller in pollers { _ = await poller.poll() }

                let firstIDs = try await first.events(of: project).map(\.id)
                let secondIDs = try await second.events(of: project).map(\.id)
                #expect(firstIDs.count == 2)
                #expect(firstIDs == secondIDs)
            }
        }
    }
}
