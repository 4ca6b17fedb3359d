import RxCore
import RxCoreTest
import XCTest

final class BehaviorRelayTests: RxTest {
    func testBehaviorRelay_valueTracksAccept_andSubscribersGetTheCurrentValueFirst() {
        let relay = BehaviorRelay(value: 1)
        var received: [Int] = []
        XCTAssertEqual(relay.value, 1)

        relay.accept(2)
        let subscription = relay.subscribe(onNext: { received.append($0) })
        relay.accept(3)
        subscription.dispose()

        XCTAssertEqual(relay.value, 3)
        XCTAssertEqual(received, [2, 3])
    }

    func testBehaviorRelay_marble() {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = BehaviorRelay(value: "a")
        scheduler.scheduleAt(150) { relay.accept("b") }
        scheduler.scheduleAt(250) { relay.accept("c") }

        let res = scheduler.start { relay.asObservable() }

        XCTAssertEqual(res.events, [.next(200, "b"), .next(250, "c")])
    }
}
