import RxCore
import RxCoreTest
import XCTest

final class PrimitiveSequenceTimeTests: RxTest {
    /// A `Single` that succeeds with `value` `after` ticks from subscription.
    private func single(_ value: Int, after ticks: Int, on scheduler: TestScheduler) -> Single<Int> {
        Single.create { observer in
            scheduler.scheduleRelative((), dueTime: .seconds(ticks)) { _ in
                observer(.success(value))
                return Disposables.create()
            }
        }
    }

    func testSingleTimer_succeedsWithZeroAfterTheDueTime() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Single<Int>.timer(.seconds(30), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(230, 0), .completed(230)])
    }

    func testSingleDelay_shiftsTheSuccess() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { self.single(1, after: 10, on: scheduler).delay(.seconds(5), scheduler: scheduler) }

        // As in RxSwift: the completion, due at the same time, is drained by a new "now" step (clock + 1).
        XCTAssertEqual(res.events, [.next(215, 1), .completed(216)])
    }

    func testSingleDelaySubscription_subscribesLater() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            self.single(1, after: 10, on: scheduler).delaySubscription(.seconds(5), scheduler: scheduler)
        }

        XCTAssertEqual(res.events, [.next(215, 1), .completed(215)])
    }

    func testSingleTimeout_failsWhenTooSlow_orSwitchesToOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let slow = single(1, after: 50, on: scheduler)

        let failed = scheduler.start { slow.timeout(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(failed.events, [.error(220, RxError.timeout)])

        let switchingScheduler = TestScheduler(initialClock: 0)
        let switched = switchingScheduler.start {
            self.single(1, after: 50, on: switchingScheduler)
                .timeout(.seconds(20), other: Single.just(2), scheduler: switchingScheduler)
        }

        XCTAssertEqual(switched.events, [.next(220, 2), .completed(220)])
    }

    func testMaybeObserveOn_andCompletableSubscribeOn_useTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)

        let maybe = scheduler.start { Maybe.just(3).observe(on: scheduler) }
        let completable = TestScheduler(initialClock: 0)
        let completed = completable.start { Completable.empty().subscribe(on: completable) }

        XCTAssertEqual(maybe.events, [.next(201, 3), .completed(202)])
        XCTAssertEqual(completed.events, [.completed(201)])
    }
}
