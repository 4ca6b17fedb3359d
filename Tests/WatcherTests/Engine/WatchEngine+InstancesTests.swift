import FakeGitLab
import Foundation
import Logging
import Notifier
import RxCore
import RxCoreTest
import Testing

@testable import Watcher

/// One outage, one message: the engine against the fake GitLab when the whole instance fails, in virtual time.
@Suite struct WatchEngineInstancesTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")
    let everything = EventRouter(rules: [Rule(name: "all", action: .notify(Rule.Notify(sinks: ["ops"])))])

    @Test(.timeLimit(.minutes(5)))
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
            let (engine, probe, running) = await baselined(harness, projects: projects.count, scheduler: scheduler)
            defer { running.dispose() }
            // (the fake's clock is not the engine's, so the first polls announce what the projects already had)
            var announced: [ProjectKey: Int] = [:]
            for project in projects { announced[harness.key(project)] = try await harness.events(of: project).count }
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
                scheduler.advanceTo(Int(due.timeIntervalSince1970.rounded(.up)))
                _ = await nextProbe(of: monitor, after: due)
                probes += 1
            }
            #expect(probes >= 3)
            #expect(fake.requestCount(matching: .pathContaining("/projects/")) == 0)
            #expect(fake.requestCount(matching: .path("/api/v4/user")) == probes)
            #expect(try await harness.events(of: projects[0]).count == announced[harness.key(projects[0])])

            // When GitLab answers again
            fake.clearFaults()
            let due = try #require(monitor.nextProbeAt)
            scheduler.advanceTo(Int(due.timeIntervalSince1970.rounded(.up)))
            _ = await probe.next(where: storedForInstance)
            let resumed = await probe.nextPoll(of: harness.key(projects[0]))

            // Then one instance.recovered, the commits pushed meanwhile are announced, and no project was marked
            // unreachable
            #expect(resumed?.eventsStored == 1)
            let instanceEvents = try await harness.store.recentEvents(EventFilter(projectKey: "fake/0", limit: 100))
                .reversed().map { try WatchEvent(outbox: $0.event) }
            #expect(instanceEvents.map(\.type) == [.instanceUnreachable, .instanceRecovered])
            for project in projects {
                let since = try await harness.events(of: project).dropFirst(announced[harness.key(project)] ?? 0)
                #expect(since.map(\.type) == (project == projects[0] ? [.commitsNew] : []))
                #expect(try await harness.status(of: project) != .unreachable)
            }
            let first = harness.key(projects[0])
            let outageEvents = try await harness.events(of: projects[0]).dropFirst(announced[first] ?? 0)
            #expect(outageEvents.flatMap(\.commits).map(\.id) == pushed)
            #expect(engine.monitors["fake"]?.isDown == false)
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func testTokenRevokedAndReplacedInItsFile_midRun_nothingLost_noOutage() async throws {
        let fake = FakeGitLab()
        let user = fake.addUser("watcher")
        let old = fake.addPersonalAccessToken(for: user)
        let api = fake.addProject("acme/api", visibility: .private, members: [user])
        api.commits(1, by: [ann])
        let file = TokenFileCredentialsTests.RotatingFile()
        file.contents.withLock { $0 = old + "\n" }
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let credentials = TokenFileCredentials(
            path: TokenFileCredentialsTests.path, kind: .private, current: GitLabSecret(old), environment: file,
            now: { scheduler.now }, interval: 3600,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        try await EngineTestHarness.run(
            fake, auth: .privateToken(GitLabSecret(old)), scheduler: scheduler, credentials: credentials
        ) { harness in
            // Given a project baselined with the old token
            let (engine, probe, running) = await baselined(harness, projects: 1, scheduler: scheduler)
            defer { running.dispose() }
            let baseline = try await harness.events(of: api).count

            // When the token is revoked and its replacement written to the file (re-read long before it is due)
            fake.revokeToken(old)
            let new = fake.addPersonalAccessToken(for: user)
            file.contents.withLock { $0 = new + "\n" }
            let pushed = api.commits(2, by: [ann])
            scheduler.advanceTo(100)
            let poll = await probe.nextPoll(of: harness.key(api))

            // Then the 401 made glwatch read the file again, and the same poll went on with the new token
            #expect(poll?.failure == nil)
            #expect(poll?.eventsStored == 1)
            #expect(try await harness.events(of: api).dropFirst(baseline).flatMap(\.commits).map(\.id) == pushed)
            #expect(engine.monitors["fake"]?.isDown == false)
            let instanceEvents = try await harness.store.recentEvents(EventFilter(projectKey: "fake/0", limit: 10))
            #expect(instanceEvents.isEmpty)
        }
    }

    /// An engine watching the group `acme` every 60 s with every event routed, started in virtual time and past
    /// its discovery and the first polls of its `projects` projects.
    private func baselined(
        _ harness: EngineTestHarness, projects: Int, scheduler: TestScheduler
    ) async -> (WatchEngine, ActivityProbe, any Disposable) {
        let engine = harness.engine(
            targets: [harness.groupTarget("acme", base: 60)], scheduler: scheduler, router: everything
        )
        let probe = ActivityProbe(engine)
        let running = engine.start()
        scheduler.advanceTo(1)
        _ = await probe.nextDiscovery()
        scheduler.advanceTo(2)
        for _ in 0..<projects { _ = await probe.next { if case .polled = $0 { true } else { false } } }
        return (engine, probe, running)
    }

    /// The monitor's next probe time once it differs from `previous` (yielding until the probe in flight has
    /// answered and booked the next one).
    private func nextProbe(of monitor: InstanceMonitor, after previous: Date?) async -> Date? {
        while monitor.isDown, monitor.nextProbeAt == nil || monitor.nextProbeAt == previous { await Task.yield() }
        return monitor.nextProbeAt
    }
}
