import Foundation
import RxCore
import RxCoreTest
import Testing

@testable import Watcher

/// The host lane in virtual time: the cap on concurrent polls and the host-wide rate-limit pause.
@Suite struct HostLaneTests {
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)

    func lane(limit: Int, changes: Recorded<HostLane.Change> = Recorded()) -> HostLane {
        HostLane(host: "gitlab.test", limit: limit, defaultPause: 30, scheduler: scheduler) { change in
            changes.append(change)
        }
    }

    @Test func testRun_neverMoreThanTheLimitAtOnce_waitingPollsStartInArrivalOrder() {
        let concurrency = VirtualPoll.Concurrency()
        let lane = lane(limit: 2)
        let polls = (0..<5).map { _ in VirtualPoll(scheduler, duration: 10, concurrency: concurrency) }
        let subscriptions = polls.map { poll in lane.run(poll.single()).subscribe { _ in } }
        scheduler.advanceTo(100)

        #expect(concurrency.peak == 2)
        #expect(polls.map(\.starts) == [[0], [0], [10], [10], [20]])
        #expect(lane.running == 0)
        for subscription in subscriptions { subscription.dispose() }
    }

    @Test func testRun_disposedWhileWaiting_neverStarts_andDisposedWhileRunning_freesItsSlot() {
        let lane = lane(limit: 1)
        let running = VirtualPoll(scheduler, duration: nil)
        let waiting = VirtualPoll(scheduler, duration: 5)
        let next = VirtualPoll(scheduler, duration: 5)
        let first = lane.run(running.single()).subscribe { _ in }
        let second = lane.run(waiting.single()).subscribe { _ in }
        _ = lane.run(next.single()).subscribe { _ in }
        scheduler.scheduleAt(10) { second.dispose() }
        scheduler.scheduleAt(20) { first.dispose() }
        scheduler.advanceTo(50)

        #expect(running.disposals == [20])
        #expect(waiting.starts.isEmpty)
        #expect(next.starts == [20])
        #expect(next.ends == [25])
    }

    @Test func testRateLimitedOutcome_pausesEveryPollOfTheHost_untilRetryAfter() {
        let changes = Recorded<HostLane.Change>()
        let lane = lane(limit: 4, changes: changes)
        let limited = VirtualPoll(scheduler, duration: 1, script: [.rateLimited(retryAfter: 60)])
        let others = (0..<3).map { _ in VirtualPoll(scheduler, duration: 1) }
        _ = lane.run(limited.single()).subscribe { _ in }
        for (index, poll) in others.enumerated() {
            scheduler.scheduleAt(10 * (index + 1)) { _ = lane.run(poll.single()).subscribe { _ in } }
        }
        scheduler.advanceTo(200)

        // The 429 came back at 1: polls arriving at 10, 20, 30 all wait for the pause to end at 61.
        #expect(others.map(\.starts) == [[61], [61], [61]])
        #expect(changes.all == [.paused(until: Date(timeIntervalSince1970: 61)), .resumed])
    }

    @Test func testRateLimitedWithoutRetryAfter_pausesForTheDefault() {
        let lane = lane(limit: 1)
        let limited = VirtualPoll(scheduler, duration: 0, script: [.rateLimited(retryAfter: nil)])
        let later = VirtualPoll(scheduler, duration: 0)
        _ = lane.run(limited.single()).subscribe { _ in }
        _ = lane.run(later.single()).subscribe { _ in }
        scheduler.advanceTo(100)

        #expect(later.starts == [30])
    }

    @Test func testPause_fromTheClientsSignal_holdsPollsBack_andAShorterPauseNeverShortensIt() {
        let changes = Recorded<HostLane.Change>()
        let lane = lane(limit: 2, changes: changes)
        let poll = VirtualPoll(scheduler, duration: 0)
        scheduler.scheduleAt(5) { lane.pause(until: Date(timeIntervalSince1970: 50)) }
        scheduler.scheduleAt(6) { lane.pause(until: Date(timeIntervalSince1970: 20)) }
        scheduler.scheduleAt(10) { _ = lane.run(poll.single()).subscribe { _ in } }
        scheduler.advanceTo(40)
        #expect(lane.isPaused)
        scheduler.advanceTo(100)

        #expect(poll.starts == [50])
        #expect(!lane.isPaused)
        #expect(changes.all == [.paused(until: Date(timeIntervalSince1970: 50)), .resumed])
    }
}
