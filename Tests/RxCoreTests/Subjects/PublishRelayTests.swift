import RxCore
import RxCoreTest
import XCTest

final class PublishRelayTests: RxTest {
    func testPublishRelay_acceptedElementsReachCurrentSubscribersOnly() {
        let relay = PublishRelay<Int>()
        var early: [Int] = []
        var late: [Int] = []

        let first = relay.subscribe(onNext: { early.append($0) })
        relay.accept(1)
        let second = relay.asObservable().subscribe(onNext: { late.append($0) })
        relay.accept(2)
        first.dispose()
        second.dispose()
        relay.accept(3)

        XCTAssertEqual(early, [1, 2])
        XCTAssertEqual(late, [2])
    }

    func testPublishRelay_marble_neverTerminates() {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = PublishRelay<Int>()
        scheduler.scheduleAt(210) { relay.accept(1) }
        scheduler.scheduleAt(220) { relay.accept(2) }

        let res = scheduler.start { relay }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2)])
    }
}
