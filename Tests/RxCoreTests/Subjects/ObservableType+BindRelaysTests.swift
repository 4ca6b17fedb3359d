import RxCore
import RxCoreTest
import XCTest

final class ObservableTypeBindRelaysTests: HookedRxTest {
    func testBindToPublishRelays_acceptsEveryElementInEachRelay() {
        let first = PublishRelay<Int>()
        let second = PublishRelay<Int>()
        var received: [String] = []
        let subscriptions = [
            first.subscribe(onNext: { received.append("1:\($0)") }),
            second.subscribe(onNext: { received.append("2:\($0)") }),
        ]

        _ = Observable.of(1, 2).bind(to: first, second)

        XCTAssertEqual(received, ["1:1", "2:1", "1:2", "2:2"])
        subscriptions.forEach { $0.dispose() }
    }

    func testBindToBehaviorRelay_completionLeavesTheRelayOpen() {
        let relay = BehaviorRelay(value: 0)
        var events: [Event<Int>] = []
        let subscription = relay.subscribe { events.append($0) }

        _ = Observable.of(1, 2).bind(to: relay)
        relay.accept(3)

        XCTAssertEqual(relay.value, 3)
        XCTAssertEqual(events, [.next(0), .next(1), .next(2), .next(3)])
        subscription.dispose()
    }

    func testBindToReplayRelay_andOptionalRelays() {
        let replay = ReplayRelay<Int>.create(bufferSize: 2)
        let optional = BehaviorRelay<Int?>(value: nil)
        let optionalPublish = PublishRelay<Int?>()
        let optionalReplay = ReplayRelay<Int?>.createUnbound()

        _ = Observable.of(1, 2, 3).bind(to: replay)
        _ = Observable.of(4).bind(to: optional)
        _ = Observable.of(5).bind(to: optionalPublish)
        _ = Observable.of(6, 7).bind(to: optionalReplay)

        XCTAssertEqual(try replay.take(2).toBlocking().toArray(), [2, 3])
        XCTAssertEqual(optional.value, 4)
        XCTAssertEqual(try optionalReplay.take(2).toBlocking().toArray(), [6, 7])
    }

    func testBindToRelay_errorIsAProgrammingErrorAndTheRelayStaysOpen() {
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        let subscription = relay.subscribe(onNext: { received.append($0) })

        _ = Observable<Int>.error(TestError.boom).bind(to: relay)
        relay.accept(1)

        XCTAssertEqual(hooks.programmingErrors, ["Binding error to publish relay: boom"])
        XCTAssertEqual(received, [1])
        subscription.dispose()
    }
}
