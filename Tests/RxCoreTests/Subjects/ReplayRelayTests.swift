import RxCore
import RxCoreTest
import XCTest

final class ReplayRelayTests: RxTest {
    func testReplayRelay_bufferSize_replaysTheLastAccepted() {
        let relay = ReplayRelay<Int>.create(bufferSize: 2)
        var received: [Int] = []

        relay.accept(1)
        relay.accept(2)
        relay.accept(3)
        let subscription = relay.subscribe(onNext: { received.append($0) })
        relay.accept(4)
        subscription.dispose()

        XCTAssertEqual(received, [2, 3, 4])
    }

    func testReplayRelay_unbounded_replaysEverything() {
        let relay = ReplayRelay<Int>.createUnbounded()
        var received: [Int] = []

        for value in 1...5 { relay.accept(value) }
        let subscription = relay.asObservable().subscribe(onNext: { received.append($0) })
        subscription.dispose()

        XCTAssertEqual(received, [1, 2, 3, 4, 5])
    }
}
