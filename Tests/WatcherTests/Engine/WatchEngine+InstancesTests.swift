import FakeGitLab
import Foundation
import Notifier
import RxCoreTest
import Testing

@testable import Watcher

/// One outage, one message: the engine against the fake GitLab when the whole instance fails, in virtual time.
@Suite struct WatchEngineInstancesTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")
    let everything = EventRouter(rules: [Rule(name: "all", action: .notify(Rule.Notify(sinks: ["ops"])))])

    @Test(.timeLimit(.minutes(1)))
    func testInstanceOutage_isOneUnreachableAndOneRecovered_andNothingIsLost() async throws {
        let fake = FakeGitLab()
        let user = fake.addUser("watcher")
        let token = fake.addPersonalAccessToken(for: user)
        let projects = (1...3).map { fake.addProject("acme/p\($0)") }
        for project in projects { project.commits(1, by: [ann]) }
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        try await EngineTestHarness.run(fake, auth: .privateToken(GitLabSecret(token)), scheduler: scheduler) {
            harness in
            // Given three projects watched on one instance, baselined
            let engine = harness.engine(
                targets: [harness.groupTarget("acme", base: 60)], scheduler: scheduler, router: everything
            )
            let probe = ActivityProbe(engine)
            let running = engine.start()
            defer { running.dispose() }
            scheduler.advanceTo(1)
            _ = await probe.nextDiscovery()
            scheduler.advanceTo(2)
            for _ in projects { _ = await probe.next { if case .polled = $0 { true } else { false } } }
            let instanceKey = ProjectKey(instance: "fake", id: 0)
            let storedForInstance: (EngineActivity) -> Bool = {
                if case .stored(let project, _, _) = $0 { project == instanceKey } else { false }
            }

            // When every request answers 401 (the token stopped working)
            fake.inject(FakeFault(.status(401), on: .any, times: nil))
            scheduler.advanceTo(100)
            _ = await probe.next(where: storedForInstance)
            #expect(engine.monitors["fake"]?.isDown == true)

            // Then, however long the outage lasts, its projects wait on one probe at a time: no project is polled
            let monitor = try #require(engine.monitors["fake"])
            fake.resetRequestLog()
            let pushed = projects[0].commits(2, by: [ann])
            var probes = 0
            while let due = await nextProbe(of: monitor, after: nil), due.timeIntervalSince1970 < 1000 {
                scheduler.advanceTo(due.timeIntervalSince1970)
                _ = await nextProbe(of: monitor, after: due)
                probes += 1
            }
            #expect(probes >= 3)
            #expect(fake.requestCount(matching: .pathContaining("/projects/")) == 0)
            #expect(fake.requestCount(matching: .path("/api/v4/user")) == probes)
            #expect(try await harness.events(of: projects[0]).isEmpty)

            // When GitLab answers again
            fake.clearFaults()
            let due = try #require(monitor.nextProbeAt)
            scheduler.advanceTo(due.timeIntervalSince1970)
            _ = await probe.next(where: storedForInstance)
            let resumed = await probe.nextPoll(of: harness.key(projects[0]))

            // Then one instance.recovered, the commits pushed meanwhile are announced, and no project was marked
            // unreachable
            #expect(resumed?.eventsStored == 1)
            let instanceEvents = try await harness.store.recentEvents(EventFilter(projectKey: "fake/0", limit: 100))
                .reversed().map { try WatchEvent(outbox: $0.event) }
            #expect(instanceEvents.map(\.type) == [.instanceUnreachable, .instanceRecovered])
            #expect(try await harness.events(of: projects[0]).flatMap(\.commits).map(\.id) == pushed)
            for project in projects {
                #expect(try await harness.events(of: project).allSatisfy { $0.type == .commitsNew })
                #expect(try await harness.status(of: project) != .unreachable)
            }
            #expect(engine.monitors["fake"]?.isDown == false)
        }
    }

    /// The monitor's next probe time once it differs from `previous` (yielding until the probe in flight has
    /// answered and booked the next one).
    private func nextProbe(of monitor: InstanceMonitor, after previous: Date?) async -> Date? {
        while monitor.isDown, monitor.nextProbeAt == nil || monitor.nextProbeAt == previous { await Task.yield() }
        return monitor.nextProbeAt
    }
}
