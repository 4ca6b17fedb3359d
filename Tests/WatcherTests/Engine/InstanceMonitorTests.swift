import Foundation
import Logging
import Notifier
import RxCore
import RxCoreTest
import Synchronization
import Testing

@testable import Watcher

/// The instance monitor alone, with a scripted probe and virtual time.
@Suite struct InstanceMonitorTests {
    private static let context = GitLabErrorContext(host: "gitlab.test", method: "GET", endpoint: "/user")
    private let revoked = GitLabError.unauthorized(InstanceMonitorTests.context, message: "Token was revoked")
    private let refused = GitLabError.transport(InstanceMonitorTests.context, detail: "connection refused")
    private let missing = GitLabError.notFound(
        InstanceMonitorTests.context, missing: GitLabMissingResource(message: "404 Project Not Found"), message: nil
    )

    /// A probe whose answer the test sets, counting its calls.
    private final class ScriptedProbe: Sendable {
        let answer = Mutex<GitLabError?>(nil)
        let calls = Mutex(0)
        let announced = Mutex<[WatchEvent]>([])
    }

    private func monitor(
        _ probe: ScriptedProbe,
        scheduler: TestScheduler,
        authenticated: Bool = true
    ) -> InstanceMonitor {
        InstanceMonitor(
            instance: "work",
            url: "https://gitlab.test",
            authenticated: authenticated,
            scheduler: scheduler,
            random: { 0 },
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
            probe: {
                probe.calls.withLock { $0 += 1 }
                return probe.answer.withLock { $0 }
            },
            announce: { event in probe.announced.withLock { $0.append(event) } }
        )
    }

    @Test func testConfirm_manyPollsFailingAtOnce_makeOneProbe_andOneUnreachableEvent() async {
        // Given an instance whose probe fails with 401
        let scheduler = TestScheduler(initialClock: 100, simulateProcessingDelay: false)
        let probe = ScriptedProbe()
        probe.answer.withLock { $0 = revoked }
        let monitor = monitor(probe, scheduler: scheduler)

        // When five polls fail with 401 at once
        let verdicts = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<5 { group.addTask { await monitor.confirm(revoked) } }
            return await group.reduce(into: []) { $0.append($1) }
        }

        // Then every poll hears "the instance is down", one probe was made and one event announced
        #expect(verdicts == Array(repeating: true, count: 5))
        #expect(probe.calls.withLock { $0 } == 1)
        #expect(monitor.isDown)
        let events = probe.announced.withLock { $0 }
        #expect(events.map(\.type) == [.instanceUnreachable])
        guard case .instanceUnreachable(let details) = events.first?.details else { return }
        #expect(details.httpStatus == 401)
        #expect(details.url == "https://gitlab.test")
        #expect(events.first?.project.key == "work/0")
    }

    @Test func testConfirm_probeAnswers_theFailureIsTheProjectsOwn() async {
        let scheduler = TestScheduler(initialClock: 100, simulateProcessingDelay: false)
        let probe = ScriptedProbe()
        let monitor = monitor(probe, scheduler: scheduler)

        let down = await monitor.confirm(GitLabError.forbidden(Self.context, message: "403 Forbidden"))

        #expect(!down)
        #expect(!monitor.isDown)
        #expect(probe.calls.withLock { $0 } == 1)
        #expect(probe.announced.withLock { $0 }.isEmpty)
    }

    @Test func testConfirm_errorsThatCannotBeTheInstances_areNeverProbed() async {
        // A 404 is one project's; a 401 without credentials is the project's visibility, not a bad token.
        let scheduler = TestScheduler(initialClock: 100, simulateProcessingDelay: false)
        let probe = ScriptedProbe()
        probe.answer.withLock { $0 = revoked }
        let anonymous = monitor(probe, scheduler: scheduler, authenticated: false)

        #expect(await monitor(probe, scheduler: scheduler).confirm(missing) == false)
        #expect(await anonymous.confirm(revoked) == false)
        #expect(probe.calls.withLock { $0 } == 0)
    }

    @Test(.timeLimit(.minutes(5)))
    func testOutage_reprobesWithBackoff_thenRecoversOnce_andReleasesWaitingPipelines() async throws {
        // Given an instance confirmed down at 100 (connection refused)
        let scheduler = TestScheduler(initialClock: 100, simulateProcessingDelay: false)
        let probe = ScriptedProbe()
        probe.answer.withLock { $0 = refused }
        let monitor = monitor(probe, scheduler: scheduler)
        #expect(await monitor.confirm(refused))
        let released = Mutex(false)
        let waiting = monitor.whenUp().subscribe(onSuccess: { _ in released.withLock { $0 = true } })
        defer { waiting.dispose() }

        // When the probe 15 s later still fails, and the one after that (30 s later) answers
        scheduler.advanceTo(114)
        #expect(probe.calls.withLock { $0 } == 1)
        scheduler.advanceTo(115)
        try await waitUntil { probe.calls.withLock { $0 } == 2 && monitor.isDown }
        #expect(!released.withLock { $0 })
        probe.answer.withLock { $0 = nil }
        scheduler.advanceTo(144)
        #expect(probe.calls.withLock { $0 } == 2)
        scheduler.advanceTo(145)
        try await waitUntil { !monitor.isDown && released.withLock { $0 } }

        // Then one recovered event, dated from the outage's start; the pipelines waiting were released
        let events = probe.announced.withLock { $0 }
        #expect(events.map(\.type) == [.instanceUnreachable, .instanceRecovered])
        guard case .instanceRecovered(let details) = events.last?.details else { return }
        #expect(details.unreachableSince == Date(timeIntervalSince1970: 100))
        #expect(monitor.recoveredAt == Date(timeIntervalSince1970: 145))
    }

    /// Waits (yielding, never sleeping) until `condition` holds: the probes run as tasks of their own.
    private func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<100_000 where !condition() { await Task.yield() }
        #expect(condition())
    }
}
