import RxCore
import RxCoreTest
import XCTest

final class AsCompletableTests: RxTest {
    func testAsCompletable_forwardsCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(300, Never.self)])

        let res = scheduler.start { xs.asObservable().asCompletable() }

        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testAsCompletable_forwardsError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(220, TestError.boom, Never.self)])

        let res = scheduler.start { xs.asObservable().asCompletable() }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
    }

    func testAsCompletable_disposedEarly_unsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(500, Never.self)])

        let res = scheduler.start(disposed: 300) { xs.asObservable().asCompletable() }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }
}
