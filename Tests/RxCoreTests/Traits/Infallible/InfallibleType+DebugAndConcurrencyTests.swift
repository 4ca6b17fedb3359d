import RxCore
import RxCoreTest
import XCTest

final class InfallibleTypeDebugAndConcurrencyTests: RxTest {
    func testDebug_logsLikeObservableDebug() {
        let hooks = HookRecorder()
        defer { hooks.restore() }

        _ = Infallible.just(1).debug("inf").subscribe()

        XCTAssertEqual(
            hooks.debugLines,
            ["inf -> subscribed", "inf -> Event next(1)", "inf -> Event completed", "inf -> isDisposed"]
        )
    }

    func testValues_iteratesWithoutTry() async {
        var received: [Int] = []

        for await value in Infallible.of(1, 2, 3).values {
            received.append(value)
        }

        XCTAssertEqual(received, [1, 2, 3])
    }

    func testValues_leavingTheLoop_disposesTheSubscription() async {
        let relay = BehaviorRelay(value: 1)
        var first: Int?

        for await value in relay.asInfallible().values {
            first = value
            break
        }

        XCTAssertEqual(first, 1)
    }
}
