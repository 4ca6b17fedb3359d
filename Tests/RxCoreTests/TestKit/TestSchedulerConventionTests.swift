import RxCore
import RxCoreTest
import XCTest

/// Pins the RxTest timing conventions the marble tests rely on, so a change to the kit cannot silently shift
/// every expected time.
final class TestSchedulerConventionTests: RxTest {
    func testSchedule_now_runsAtClockPlusOne() {
        let scheduler = TestScheduler(initialClock: 0)
        var ranAt: [Int] = []
        scheduler.scheduleAt(100) {
            _ = scheduler.schedule(()) { _ in
                ranAt.append(scheduler.clock)
                return Disposables.create()
            }
        }

        scheduler.start()

        XCTAssertEqual(ranAt, [101])
    }

    func testScheduleRelative_zeroOrPast_runsAtClockPlusOne_andLaterRunsAtItsTime() {
        let scheduler = TestScheduler(initialClock: 0)
        var ranAt: [String] = []
        scheduler.scheduleAt(100) {
            _ = scheduler.scheduleRelative((), dueTime: .seconds(0)) { _ in
                ranAt.append("zero@\(scheduler.clock)")
                return Disposables.create()
            }
            _ = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in
                ranAt.append("five@\(scheduler.clock)")
                return Disposables.create()
            }
        }

        scheduler.start()

        XCTAssertEqual(ranAt, ["zero@101", "five@105"])
    }

    func testSchedule_withoutProcessingDelay_runsAtClock() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        var ranAt: [Int] = []
        scheduler.scheduleAt(100) {
            _ = scheduler.schedule(()) { _ in
                ranAt.append(scheduler.clock)
                return Disposables.create()
            }
        }

        scheduler.start()

        XCTAssertEqual(ranAt, [100])
    }

    func testSameVirtualTime_runsInSchedulingOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        var order: [String] = []
        scheduler.scheduleAt(300) { order.append("a") }
        scheduler.scheduleAt(200) {
            // Scheduled later than "a" but for the same time: runs after it.
            scheduler.scheduleAt(300) { order.append("c") }
        }
        scheduler.scheduleAt(300) { order.append("b") }

        scheduler.start()

        XCTAssertEqual(order, ["a", "b", "c"])
    }

    func testHotObservableEvent_runsBeforeWorkScheduledLaterForTheSameTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(300, 1)])
        var order: [String] = []
        scheduler.scheduleAt(250) {
            scheduler.scheduleAt(300) { order.append("timer") }
        }
        let subscription = xs.subscribe(onNext: { order.append("event \($0)") })

        scheduler.start()
        subscription.dispose()

        XCTAssertEqual(order, ["event 1", "timer"])
    }

    func testStart_createsAt100_subscribesAt200_disposesAt1000() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(900, 2)])
        var createdAt: Int?

        let res = scheduler.start { () -> Observable<Int> in
            createdAt = scheduler.clock
            return xs.asObservable()
        }

        XCTAssertEqual(createdAt, 100)
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testColdObservable_timesAreRelativeToSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let cold = scheduler.createColdObservable([.next(10, 1), .completed(20)])

        let res = scheduler.start(created: 100, subscribed: 300, disposed: 1000) { cold }

        XCTAssertEqual(res.events, [.next(310, 1), .completed(320)])
        XCTAssertEqual(cold.subscriptions, [Subscription(300, 320)])
    }

    func testHotObservable_timesAreAbsolute_earlierEventsAreMissed() {
        let scheduler = TestScheduler(initialClock: 0)
        let hot = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .completed(220)])

        let res = scheduler.start { hot }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(hot.subscriptions, [Subscription(200, 220)])
    }
}
