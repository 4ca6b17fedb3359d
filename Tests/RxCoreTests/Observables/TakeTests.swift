import RxCore
import RxCoreTest
import XCTest

final class TakeTests: RxTest {
    func testTake_completesAfterCountElements_andUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
        ])

        let res = scheduler.start { xs.take(2) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTake_sourceCompletesFirst_forwardsCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])

        let res = scheduler.start { xs.take(5) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testTake_zero_completesWithoutSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])

        let res = scheduler.start { xs.take(0) }

        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testTake_errorInSource_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])

        let res = scheduler.start { xs.take(5) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTake_disposedEarly_unsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2)])

        let res = scheduler.start(disposed: 300) { xs.take(5) }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testTake_negativeCount_failsWithArgumentOutOfRange() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])

        let res = scheduler.start { xs.take(-1) }

        XCTAssertEqual(res.events, [.error(200, RxError.argumentOutOfRange)])
    }

    func testTake_reentrantSourceEmission_forwardsOnlyCount() {
        let subject = PublishSubject<Int>()
        var received = [Int]()

        _ = subject.take(1).subscribe(onNext: { value in
            received.append(value)
            subject.onNext(value + 1)
        })
        subject.onNext(1)

        XCTAssertEqual(received, [1])
    }
}
