import RxCore
import RxCoreTest
import XCTest

final class RelayInfallibleTests: RxTest {
    func testRelays_asInfallible_deliverEveryAcceptedElement() {
        let publish = PublishRelay<Int>()
        let behavior = BehaviorRelay(value: 0)
        let replay = ReplayRelay<Int>.createUnbound()
        var received: [Int] = []
        let subscriptions = [
            publish.asInfallible().subscribe(onNext: { received.append($0) }),
            behavior.asInfallible().subscribe(onNext: { received.append($0) }),
        ]
        replay.accept(7)

        publish.accept(1)
        behavior.accept(2)

        XCTAssertEqual(received, [0, 1, 2])
        XCTAssertEqual(try replay.asInfallible().take(1).asObservable().toBlocking().toArray(), [7])
        subscriptions.forEach { $0.dispose() }
    }
}
