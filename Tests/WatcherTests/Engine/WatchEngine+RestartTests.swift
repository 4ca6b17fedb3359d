import FakeGitLab
import Foundation
import Notifier
import Testing

@testable import Watcher

/// A restart does not move when a watch began (issue 12, findings 3 and 4, across a kill): the moment is in the
/// store, not only in the process that saw it.
@Suite struct WatchEngineRestartTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")
    let bob = FakeAuthor(name: "Bob Builder", email: "bob@example.com")

    @Test func testRestartBeforeTheFirstSuccessfulPoll_keepsTheOriginalWatchStart_soAPushMeanwhileIsAnnounced()
        async throws
    {
        // Given a watched project whose first poll fails (GitLab answers 404 for it), then a push, then a restart
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        let base = api.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            fake.inject(FakeFault(.status(404), on: .path("/api/v4/projects/\(api.id)", method: "GET"), times: nil))
            let first = await harness.engine(targets: [harness.groupTarget("acme")]).pollAllOnce()
            #expect(first.failed == 1)
            let stateAfterFailure = try await harness.store.projectState(harness.key(api))
            #expect(stateAfterFailure == nil)
            fake.clearFaults()
            let pushed = api.commits(2, by: [ann])

            // When a new engine (a restarted glwatch) on the same store polls it
            _ = await harness.engine(targets: [harness.groupTarget("acme")]).pollAllOnce()

            // Then its baseline is as of the first engine's watch start: the push is announced
            let events = try await harness.events(of: api)
            #expect(events.map(\.type) == [.commitsNew])
            #expect(events.first?.commits.map(\.id) == pushed)
            guard case .commitsNew(let details) = events.first?.details else { return }
            #expect(details.before == base.last)
        }
    }

    @Test func testProjectCreatedWhileGlwatchWasDown_isNew_becauseTheFirstDiscoveryIsRemembered() async throws {
        // Given a watched group discovered once, then glwatch stops; a project is created and pushed to by two
        // people meanwhile
        let fake = FakeGitLab()
        fake.addProject("acme/api").commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            _ = await harness.engine(targets: [harness.groupTarget("acme")]).pollAllOnce()
            let web = fake.addProject("acme/web")
            let pushed = web.commits(3, by: [ann, bob])

            // When glwatch starts again and its first discovery lists the project
            let report = await harness.engine(targets: [harness.groupTarget("acme")]).pollAllOnce()

            // Then it is new (created after the target's first discovery): everything in it is announced
            #expect(report.polled == 2)
            let events = try await harness.events(of: web)
            #expect(events.filter { $0.type == .commitsNew }.flatMap(\.commits).map(\.id) == pushed)
            #expect(events.filter { $0.type == .branchCreated }.count == 1)
            #expect(events.filter { $0.type == .contributorNew }.count == 2)
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func testPushWhileTheFirstDiscoveryIsStillListing_isAnnounced_theWatchBeganWhenThePassDid() async throws {
        // Given a watched group whose project listing GitLab answers slowly (held until the test lets it go)
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        let base = api.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            fake.inject(FakeFault(.hang, on: .path("/api/v4/groups/"), times: 1))
            let engine = harness.engine(targets: [harness.groupTarget("acme")])
            let cycle = Task { await engine.pollAllOnce() }

            // When a push lands while the first discovery pass is still listing the group
            await fake.waitUntilHung()
            let pushed = api.commits(2, by: [ann])
            fake.releaseHungRequests()
            _ = await cycle.value

            // Then the project's watch began with the pass, before the push: the push is announced
            let events = try await harness.events(of: api)
            #expect(events.map(\.type) == [.commitsNew])
            #expect(events.first?.commits.map(\.id) == pushed)
            guard case .commitsNew(let details) = events.first?.details else { return }
            #expect(details.before == base.last)
        }
    }
}
