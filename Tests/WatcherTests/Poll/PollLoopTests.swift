import Foundation
import RxCore
import RxCoreTest
import Testing

@testable import Watcher

/// These tests measure the loop's own delays, so their schedulers run work scheduled for "now" at now, without
/// RxTest's simulated one-tick processing delay.
@Suite struct PollLoopTests {
    /// A poll that records when it started and finishes after `duration` ticks with the next scripted outcome.
    final class ScriptedPoll: @unchecked Sendable {
        let scheduler: TestScheduler
        let duration: Int
        var script: [PollOutcome]
        var starts: [Int] = []
        var disposals: [Int] = []

        init(scheduler: TestScheduler, duration: Int, script: [PollOutcome]) {
            self.scheduler = scheduler
            self.duration = duration
            self.script = script
        }

        func poll() -> Single<PollOutcome> {
            Single.create { observer in
                self.starts.append(self.scheduler.clock)
                let outcome = self.script.isEmpty ? .unchanged : self.script.removeFirst()
                let work = self.scheduler.scheduleRelative((), dueTime: .seconds(self.duration)) { _ in
                    observer(.success(outcome))
                    return Disposables.create()
                }
                return Disposables.create {
                    self.disposals.append(self.scheduler.clock)
                    work.dispose()
                }
            }
        }
    }

    func loop(_ scheduler: TestScheduler, base: Double, ceiling: Double? = nil, random: Double = 0) -> PollLoop {
        PollLoop(
            cadence: Cadence(base: base, ceiling: ceiling, backoffFactor: 2, idlePollsBeforeBackoff: 1, jitter: 0),
            scheduler: scheduler,
            unitRandom: { random }
        )
    }

    @Test func testOutcomes_firstPollAtOnce_secondAtRandomPhase_thenEveryBaseIntervalAfterEachPollEnds() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let poll = ScriptedPoll(scheduler: scheduler, duration: 2, script: Array(repeating: .changed, count: 10))
        let observer = scheduler.createObserver(PollOutcome.self)
        let subscription = loop(scheduler, base: 10, random: 0.5).outcomes(poll: poll.poll).subscribe(observer)
        scheduler.advanceTo(50)
        subscription.dispose()

        // The baseline poll at once (0–2); then phase (0.5 + 0.5) × 10 = 10 after it; then 10 after each end.
        #expect(poll.starts == [0, 12, 24, 36, 48])
        #expect(observer.events.map(\.time) == [2, 14, 26, 38, 50])
    }

    @Test func testOutcomes_deferredBaseline_pollsAgainWhenAsked_thenSpreadsLikeAFirstPoll() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let poll = ScriptedPoll(
            scheduler: scheduler, duration: 2, script: [.deferred(retryIn: 5), .changed, .changed, .changed]
        )
        let observer = scheduler.createObserver(PollOutcome.self)
        let subscription = loop(scheduler, base: 10, random: 0.5).outcomes(poll: poll.poll).subscribe(observer)
        scheduler.advanceTo(40)
        subscription.dispose()

        // The first poll (0–2) asks to look again in 5: at 7; that completing poll (7–9) gets the first poll's
        // phase ((0.5 + 0.5) × 10 = 10): 19; then 10 after each end.
        #expect(poll.starts == [0, 7, 19, 31])
    }

    @Test func testOutcomes_idleProject_backsOffToCeiling_andChangeResetsToBase() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let script: [PollOutcome] = [.unchanged, .unchanged, .unchanged, .unchanged, .changed, .unchanged]
        let poll = ScriptedPoll(scheduler: scheduler, duration: 0, script: script)
        let subscription = loop(scheduler, base: 10, ceiling: 40).outcomes(poll: poll.poll).subscribe { _ in }
        scheduler.advanceTo(200)
        subscription.dispose()

        // Gaps: first poll → phase 0.5 × 10 = 5; 2 idle → 20, 3 → 40, 4 → 40 (ceiling); change → 10; idle.
        let gaps = zip(poll.starts.dropFirst(), poll.starts).map { $0 - $1 }
        #expect(Array(gaps.prefix(6)) == [5, 20, 40, 40, 10, 10])
    }

    @Test func testOutcomes_slowPoll_isNeverDoubled() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let poll = ScriptedPoll(scheduler: scheduler, duration: 35, script: Array(repeating: .changed, count: 5))
        let subscription = loop(scheduler, base: 10).outcomes(poll: poll.poll).subscribe { _ in }
        scheduler.advanceTo(100)
        subscription.dispose()

        // A poll lasting 3.5 intervals: the next starts after it ends (phase 5 after the first, then 10), never
        // while it runs.
        #expect(poll.starts == [0, 40, 85])
    }

    @Test func testOutcomes_failuresBackOff_andRateLimitWaitsAsAskedWithoutCountingAFailure() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let script: [PollOutcome] = [.failed, .failed, .rateLimited(retryAfter: 100), .changed]
        let poll = ScriptedPoll(scheduler: scheduler, duration: 0, script: script)
        let subscription = loop(scheduler, base: 10, ceiling: 1000).outcomes(poll: poll.poll).subscribe { _ in }
        scheduler.advanceTo(300)
        subscription.dispose()

        let gaps = zip(poll.starts.dropFirst(), poll.starts).map { $0 - $1 }
        // failed → 20, failed → 40, rate limited → max(40, 100) = 100, changed → 10.
        #expect(Array(gaps.prefix(4)) == [20, 40, 100, 10])
    }

    @Test func testOutcomes_pollError_countsAsFailed() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let observer = scheduler.createObserver(PollOutcome.self)
        let subscription = loop(scheduler, base: 10)
            .outcomes(poll: { Single.error(RxError.timeout) })
            .subscribe(observer)
        scheduler.advanceTo(25)
        subscription.dispose()

        #expect(observer.events.compactMap(\.value.element) == [.failed, .failed])
    }

    @Test func testDispose_cancelsTheInFlightPoll_andStopsPolling() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let poll = ScriptedPoll(scheduler: scheduler, duration: 20, script: [.changed, .changed])
        let observer = scheduler.createObserver(PollOutcome.self)
        let subscription = loop(scheduler, base: 10).outcomes(poll: poll.poll).subscribe(observer)
        scheduler.scheduleAt(15) { subscription.dispose() }
        scheduler.advanceTo(500)

        #expect(poll.starts == [0])
        #expect(poll.disposals == [15])
        #expect(observer.events.isEmpty)
    }
}
