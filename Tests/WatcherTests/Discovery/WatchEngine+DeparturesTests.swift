import FakeGitLab
import Foundation
import Notifier
import Testing

@testable import Watcher

/// Projects leaving a watched group: their last push is still announced, and their departure is an event
/// (issue 12, findings 5 and 6).
@Suite struct WatchEngineDeparturesTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    @Test func testArchivedRightAfterAPush_thePushIsAnnounced_andTheDepartureIsAnEvent() async throws {
        // Given a watched project that is pushed to and archived before its next poll
        let fake = FakeGitLab()
        fake.addProject("acme/api").commits(1, by: [ann])
        let old = fake.addProject("acme/old")
        old.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme")])
            _ = await engine.pollAllOnce()
            let pushed = old.commits(2, by: [ann])
            old.archive()

            // When discovery drops it
            _ = await engine.pollAllOnce()

            // Then it was polled one last time (the push is announced), and project.removed says why
            let events = try await harness.events(of: old)
            #expect(events.map(\.type) == [.commitsNew, .projectRemoved])
            #expect(events.first?.commits.map(\.id) == pushed)
            guard case .projectRemoved(let details) = events.last?.details else { return }
            #expect(details.reason == "archived")
            #expect(details.lastHeads == ["main": pushed.last!])
            let observed1 = try await harness.status(of: old)
            #expect(observed1 == .archived)
        }
    }

    @Test func testArchivedRightAfterAPushWhoseEventIsLate_theLastPollReadsTheBranches_andAnnouncesIt() async throws {
        // Given a watched group on every branch (a poll trusts an unchanged newest push event), and a project
        // pushed to whose push event GitLab has not written yet, archived before its next poll
        let fake = FakeGitLab()
        fake.addProject("acme/api").commits(1, by: [ann])
        let old = fake.addProject("acme/old")
        old.commits(1, by: [ann])
        old.createBranch("develop", from: "main")
        try await EngineTestHarness.run(fake) { harness in
            var target = harness.groupTarget("acme")
            target.options.branches = .all
            let engine = harness.engine(targets: [target])
            _ = await engine.pollAllOnce()
            fake.eventVisibility = .delayed(by: 10_000_000)
            let pushed = old.commits(2, on: "develop", by: [ann])
            old.archive()

            // When discovery drops it
            _ = await engine.pollAllOnce()

            // Then its last poll read the branch list rather than trust the newest push event: the push is
            // announced before the departure
            let events = try await harness.events(of: old)
            #expect(events.map(\.type) == [.commitsNew, .projectRemoved])
            #expect(events.first?.commits.map(\.id) == pushed)
        }
    }

    @Test func testArchivedRightAfterAPush_whoseLastPollFails_isPolledAgain_andThePushIsAnnounced() async throws {
        // Given a watched project pushed to and archived, whose branch reads fail for one whole poll (every retry
        // of the client answered 500)
        let fake = FakeGitLab()
        fake.addProject("acme/api").commits(1, by: [ann])
        let old = fake.addProject("acme/old")
        old.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme")])
            _ = await engine.pollAllOnce()
            let pushed = old.commits(2, by: [ann])
            old.archive()
            let branches = FakeRequestMatcher.pathContaining("/projects/\(old.id)/repository/branches")
            fake.inject(FakeFault(.status(500), on: branches, times: 4))

            // When discovery drops it
            _ = await engine.pollAllOnce()

            // Then the failed last poll was tried again a second later: the push is announced before the departure
            let events = try await harness.events(of: old)
            #expect(events.map(\.type) == [.commitsNew, .projectRemoved])
            #expect(events.first?.commits.map(\.id) == pushed)
        }
    }

    @Test func testArchivedRightAfterAPush_whoseLastPollFailsEveryTime_departsAtTheNextPass_andThePushIsAnnounced()
        async throws
    {
        // Given a watched project pushed to and archived, whose branch reads fail for longer than every attempt of
        // its last poll (a GitLab outage, or a database restarting under the store)
        let fake = FakeGitLab()
        fake.addProject("acme/api").commits(1, by: [ann])
        let old = fake.addProject("acme/old")
        old.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme")])
            _ = await engine.pollAllOnce()
            let pushed = old.commits(2, by: [ann])
            old.archive()
            let branches = FakeRequestMatcher.pathContaining("/projects/\(old.id)/repository/branches")
            fake.inject(FakeFault(.status(500), on: branches, times: 1_000))

            // When discovery drops it while its last poll cannot succeed, then its departure waits (no
            // project.removed that would close it unannounced; the failures only say it is unreachable)
            _ = await engine.pollAllOnce()
            let announced: Set<EventType> = [.commitsNew, .projectRemoved]
            #expect(try await harness.events(of: old).filter { announced.contains($0.type) }.isEmpty)

            // And when GitLab answers again, the next pass's store sweep polls it: the push is announced, then the
            // departure
            fake.clearFaults()
            _ = await engine.pollAllOnce()
            let events = try await harness.events(of: old).filter { announced.contains($0.type) }
            #expect(events.map(\.type) == [.commitsNew, .projectRemoved])
            #expect(events.first?.commits.map(\.id) == pushed)
            #expect(try await harness.status(of: old) == .archived)
        }
    }

    @Test func testArchivedBeforeItsBaseline_whileTheBaselineWaitsForLateEvents_thePushIsStillAnnounced() async throws {
        // Given a watched project whose first poll fails (so it has no baseline yet), with baselines that wait
        // half a second for GitLab's late push events
        let fake = FakeGitLab()
        fake.addProject("acme/api").commits(1, by: [ann])
        let old = fake.addProject("acme/old")
        old.commits(1, by: [ann])
        let budget = LossBudget()
        budget.set(1)
        let wrap = RewritingTransport.forbiddingRecord(of: old.id, while: budget)
        try await EngineTestHarness.run(fake, wrap: wrap) { harness throws in
            let engine = harness.engine(
                targets: [harness.groupTarget("acme")], configuration: EngineConfiguration(eventLateness: 0.5)
            )
            _ = await engine.pollAllOnce()
            #expect(try await harness.store.projectState(harness.key(old)) == nil)

            // When it is pushed to and archived, and discovery drops it
            let pushed = old.commits(2, by: [ann])
            old.archive()
            _ = await engine.pollAllOnce()

            // Then its last poll waited for the events, wrote the baseline as of the watch start and announced
            // the push
            let events = try await harness.events(of: old)
            #expect(events.filter { $0.type == .commitsNew }.flatMap(\.commits).map(\.id) == pushed)
        }
    }

    @Test func testMovedOutOfTheGroupRightAfterAPush_thePushIsAnnounced_andTheReasonSaysWhere() async throws {
        let fake = FakeGitLab()
        fake.addProject("acme/api").commits(1, by: [ann])
        let tool = fake.addProject("acme/tool")
        tool.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme")])
            _ = await engine.pollAllOnce()
            let pushed = tool.commits(1, by: [ann])
            tool.move(toGroup: "elsewhere")

            _ = await engine.pollAllOnce()

            let events = try await harness.events(of: tool)
            #expect(events.filter { $0.type == .commitsNew }.flatMap(\.commits).map(\.id) == pushed)
            guard case .projectRemoved(let details) = events.last?.details else {
                Issue.record("expected project.removed last, got \(events.map(\.type))")
                return
            }
            #expect(details.reason == "moved out of group acme (now elsewhere/tool)")
            let observed2 = try await harness.status(of: tool)
            #expect(observed2 == .removed)
        }
    }

    @Test func testDeleted_isAProjectRemovedEvent_withTheLastHeadsSeen_routableByRules() async throws {
        // Given a watched project and a rule routing project.removed to a sink
        let fake = FakeGitLab()
        fake.addProject("acme/api").commits(1, by: [ann])
        let gone = fake.addProject("acme/gone")
        let head = gone.commits(1, by: [ann]).last!
        let router = EventRouter(rules: [
            Rule(
                name: "departures", conditions: RuleConditions(eventTypes: [.projectRemoved]),
                action: .notify(Rule.Notify(sinks: ["ops"], template: nil, groupWindow: nil)), continueMatching: false
            )
        ])
        try await EngineTestHarness.run(fake) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme")], router: router)
            _ = await engine.pollAllOnce()
            let key = harness.key(gone)
            gone.delete()

            // When discovery finds it gone
            _ = await engine.pollAllOnce()

            // Then project.removed is stored once, with the reason and the last head, and a delivery is queued
            let events = try await harness.store.recentEvents(EventFilter(projectKey: "\(key)", limit: 10))
                .map { try WatchEvent(outbox: $0.event) }
            #expect(events.map(\.type) == [.projectRemoved])
            guard case .projectRemoved(let details) = events.first?.details else { return }
            #expect(details.reason == "deleted or no longer visible")
            #expect(details.lastHeads == ["main": head])
            let deliveries = try await harness.store.deliveries(DeliveryFilter(sink: "ops"))
            #expect(deliveries.count == 1)
            _ = await engine.pollAllOnce()
            let observed3 = try await harness.store.recentEvents(EventFilter(projectKey: "\(key)", limit: 10))
            #expect(observed3.count == 1)
        }
    }
}
