import Foundation
import RxCore
import RxCoreTest
import Synchronization
import Testing

@testable import Watcher

/// The poll loop with the change feed: wakes start a poll at once (or right after the one in flight), several
/// make one poll, and a covered project otherwise waits for the sweep, whatever its idle streak.
@Suite struct PollLoopWakeTests {
    typealias ScriptedPoll = PollLoopTests.ScriptedPoll

    private func loop(_ scheduler: TestScheduler, base: Double, ceiling: Double? = nil) -> PollLoop {
        PollLoop(
            cadence: Cadence(base: base, ceiling: ceiling, backoffFactor: 2, idlePollsBeforeBackoff: 1, jitter: 0),
            scheduler: scheduler,
            unitRandom: { 0 }
        )
    }

    @Test func testWake_pollsAtOnce_thenTheCadenceResumesFromThatPoll() {
        // Given a loop polling every 100 s
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let poll = ScriptedPoll(scheduler: scheduler, duration: 1, script: Array(repeating: .changed, count: 5))
        let wakes = PublishSubject<PollTrigger>()
        let subscription = loop(scheduler, base: 100).ticks(wakes: wakes.asObservable(), poll: poll.poll)
            .subscribe { _ in }

        // When a hint arrives at 30
        scheduler.scheduleAt(30) { wakes.onNext(.feed) }
        scheduler.advanceTo(250)
        subscription.dispose()

        // Then the project is polled at 30, not at 101, and the next poll is 100 s after that one ended
        #expect(poll.starts == [0, 30, 131, 232])
    }

    @Test func testWake_severalBeforeThePollStartsMakeOnePoll() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let poll = ScriptedPoll(scheduler: scheduler, duration: 1, script: Array(repeating: .changed, count: 5))
        let wakes = PublishSubject<PollTrigger>()
        let subscription = loop(scheduler, base: 100).ticks(wakes: wakes.asObservable(), poll: poll.poll)
            .subscribe { _ in }

        scheduler.scheduleAt(30) {
            wakes.onNext(.feed)
            wakes.onNext(.feed)
            wakes.onNext(.feed)
        }
        scheduler.advanceTo(120)
        subscription.dispose()

        #expect(poll.starts == [0, 30])
    }

    @Test func testWake_duringAPollPollsAgainRightAfterIt() {
        // Given a poll running from 0 to 10 (it may have read GitLab before the push)
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let poll = ScriptedPoll(scheduler: scheduler, duration: 10, script: Array(repeating: .unchanged, count: 5))
        let wakes = PublishSubject<PollTrigger>()
        let subscription = loop(scheduler, base: 100).ticks(wakes: wakes.asObservable(), poll: poll.poll)
            .subscribe { _ in }

        // When hints arrive while it runs
        scheduler.scheduleAt(5) { wakes.onNext(.feed) }
        scheduler.scheduleAt(6) { wakes.onNext(.feed) }
        scheduler.advanceTo(100)
        subscription.dispose()

        // Then one more poll starts as soon as it ends
        #expect(poll.starts == [0, 10])
    }

    @Test func testTicks_sayWhatStartedEachPoll_theFirstWakeForACoalescedPoll() {
        // Given a loop polling every 100 s (the second poll at the phase, 50 s after the first), polls lasting 10 s
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let poll = ScriptedPoll(scheduler: scheduler, duration: 10, script: Array(repeating: .unchanged, count: 10))
        let wakes = PublishSubject<PollTrigger>()
        let sweep = Mutex<TimeInterval?>(nil)
        let observer = scheduler.createObserver(PollLoop.Tick.self)
        let subscription = loop(scheduler, base: 100)
            .ticks(wakes: wakes.asObservable(), sweep: { sweep.withLock { $0 } }, poll: poll.poll)
            .subscribe(observer)

        // When a hook wakes it at 100, a feed hint then a hook arrive during that poll, and at 115 the change feed
        // starts covering it (sweep 500 s)
        scheduler.scheduleAt(100) { wakes.onNext(.hook) }
        scheduler.scheduleAt(105) {
            wakes.onNext(.feed)
            wakes.onNext(.hook)
        }
        scheduler.scheduleAt(115) { sweep.withLock { $0 = 500 } }
        scheduler.advanceTo(700)
        subscription.dispose()

        // Then each tick names what started its poll: the start, the timer, the hook, the first of the wakes
        // during it, then the sweep
        #expect(poll.starts == [0, 60, 100, 110, 620])
        #expect(observer.events.compactMap(\.value.element?.trigger) == [.start, .timer, .hook, .feed, .sweep])
    }

    @Test func testSweep_replacesTheIdleBackoffOfACoveredProject() {
        // Given a covered project (sweep 500 s) that never changes, on a cadence that would back off to 40 s
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let poll = ScriptedPoll(scheduler: scheduler, duration: 0, script: [])
        let subscription = loop(scheduler, base: 10, ceiling: 40)
            .ticks(sweep: { 500 }, poll: poll.poll)
            .subscribe { _ in }

        scheduler.advanceTo(1_600)
        subscription.dispose()

        // Then it is polled directly every 500 s only
        #expect(poll.starts == [0, 500, 1_000, 1_500])
    }

    @Test func testSweep_failuresBackOffButNeverBeyondIt() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let poll = ScriptedPoll(scheduler: scheduler, duration: 0, script: Array(repeating: .failed, count: 10))
        let subscription = loop(scheduler, base: 10, ceiling: 1_000)
            .ticks(sweep: { 50 }, poll: poll.poll)
            .subscribe { _ in }

        scheduler.advanceTo(200)
        subscription.dispose()

        // failed → 20, 40, then the sweep's 50 caps 80
        let gaps = zip(poll.starts.dropFirst(), poll.starts).map { $0 - $1 }
        #expect(Array(gaps.prefix(4)) == [20, 40, 50, 50])
    }

    @Test func testSweep_nilKeepsTheAdaptiveCadence() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let poll = ScriptedPoll(scheduler: scheduler, duration: 0, script: [])
        let subscription = loop(scheduler, base: 10, ceiling: 40)
            .ticks(sweep: { nil }, poll: poll.poll)
            .subscribe { _ in }

        scheduler.advanceTo(120)
        subscription.dispose()

        // The phase after the first poll (0.5 × 10 with random 0), then the idle backoff: 20, 40.
        let gaps = zip(poll.starts.dropFirst(), poll.starts).map { $0 - $1 }
        #expect(Array(gaps.prefix(3)) == [5, 20, 40])
    }
}
