import FakeGitLab
import Foundation
import Notifier
import RxCoreTest
import Testing

@testable import Watcher

/// The lag watchdog against the fake GitLab, in virtual time.
@Suite struct WatchEngineWatchdogTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")
    let everything = EventRouter(rules: [Rule(name: "all", action: .notify(Rule.Notify(sinks: ["ops"])))])

    @Test(.timeLimit(.minutes(5)))
    func testWatchdog_storesWatcherLagging_forAProjectWhosePollHangs() async throws {
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        api.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
            let engine = harness.engine(
                targets: [harness.groupTarget("acme", base: 60)],
                scheduler: scheduler,
                configuration: EngineConfiguration(laggingAfterIntervals: 5, pollTimeout: 100_000),
                router: everything
            )
            let probe = ActivityProbe(engine)
            let running = engine.start()
            scheduler.advanceTo(1)
            _ = await probe.nextDiscovery()
            fake.inject(FakeFault(.hang, on: .pathContaining("/repository/branches"), times: nil))
            scheduler.advanceTo(31)
            await fake.waitForRequests(2)

            // No poll completes: after 5 intervals of 60 s (counted from the start at 1), the watchdog speaks.
            scheduler.advanceTo(299)
            scheduler.advanceTo(400)
            let lagging = await probe.next { if case .lagging = $0 { true } else { false } }
            running.dispose()
            fake.releaseHungRequests()

            #expect(lagging == .lagging(project: harness.key(api), path: "acme/api", missedIntervals: 5))
            let events = try await harness.events(of: api)
            #expect(events.map(\.type) == [.watcherLagging])
            guard case .watcherLagging(let details) = events.first?.details else { return }
            #expect(details.missedIntervals == 5)
            #expect(details.intervalSeconds == 60)
            #expect(details.lastPollAt == nil)
            #expect(probe.seen.all.contains(.stored(project: harness.key(api), events: 1, deliveries: 1)))
        }
    }
}
