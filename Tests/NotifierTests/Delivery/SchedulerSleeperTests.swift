import Foundation
import Notifier
import RxCoreTest
import Synchronization
import Testing

/// `SchedulerSleeper`, glwatch's one bridge from async code to scheduler time (the delivery workers' waits and,
/// through `SchedulerClock`, the GitLab client's).
@Suite struct SchedulerSleeperTests {
    @Test func testSleepFor_endsExactlyWhenTheSchedulerReachesTheDuration() async throws {
        // Given a sleeper on a virtual clock at 0
        let scheduler = TestScheduler(initialClock: 0)
        let sleeper = SchedulerSleeper(scheduler: scheduler)
        let (scheduled, signal) = AsyncStream.makeStream(of: Void.self)
        let woke = Mutex(false)
        let sleeping = Task {
            await sleeper.sleep(for: .seconds(3)) { signal.yield() }
            woke.withLock { $0 = true }
            return scheduler.now
        }
        var iterator = scheduled.makeAsyncIterator()
        _ = await iterator.next()  // the timer is set

        // When virtual time passes short of the duration, then reaches it
        scheduler.advanceTo(2)
        #expect(woke.withLock { $0 } == false)
        scheduler.advanceTo(3)

        // Then the sleep ends at 3 seconds, not before
        #expect(await sleeping.value == Date(timeIntervalSince1970: 3))
    }

    @Test func testWake_beforeTheSleep_isRemembered_soTheNextSleepEndsAtOnce() async {
        // Given a wake-up that arrives while nobody sleeps
        let scheduler = TestScheduler(initialClock: 0)
        let sleeper = SchedulerSleeper(scheduler: scheduler)
        sleeper.wake()

        // When the next sleep starts (forever, without a date)
        await sleeper.sleep(until: nil)

        // Then it returned without any virtual time passing
        #expect(scheduler.now == Date(timeIntervalSince1970: 0))
    }

    @Test func testInterval_isExactToTheNanosecond() {
        #expect(SchedulerSleeper.interval(.milliseconds(1500)) == .nanoseconds(1_500_000_000))
        #expect(SchedulerSleeper.interval(.nanoseconds(7)) == .nanoseconds(7))
    }
}
