import RxCore
import RxCoreTest
import XCTest

private final class Owner {
    var log: [String] = []
}

final class InfallibleTypeSubscribeTests: HookedRxTest {
    func testSubscribe_handlers_receiveElementsCompletionAndDisposal() {
        var log: [String] = []

        _ = Infallible.of(1, 2).subscribe(
            onNext: { log.append("next \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )

        XCTAssertEqual(log, ["next 1", "next 2", "completed", "disposed"])
    }

    func testSubscribeWith_passesTheObject() {
        let owner = Owner()

        _ = Infallible.just(1).subscribe(
            with: owner,
            onNext: { $0.log.append("next \($1)") },
            onCompleted: { $0.log.append("completed") },
            onDisposed: { $0.log.append("disposed") }
        )

        XCTAssertEqual(owner.log, ["next 1", "completed", "disposed"])
    }

    func testSubscribeEventHandler_receivesInfallibleEvents() {
        var events: [String] = []

        _ = Infallible.of(1).subscribe { event in
            switch event {
            case .next(let value): events.append("next \(value)")
            case .completed: events.append("completed")
            }
        }

        XCTAssertEqual(events, ["next 1", "completed"])
    }

    func testSubscribeEventHandler_errorFromAThrowingClosure_isAProgrammingError() {
        // Given an infallible whose predicate breaks the contract by throwing
        let broken = Infallible.of(1, 2).take(while: { _ in throw TestError.boom })
        var events = 0

        // When it is subscribed with the event handler
        _ = broken.subscribe { _ in events += 1 }

        // Then nothing reaches the handler and the broken contract is reported, not crashed on
        XCTAssertEqual(events, 0)
        XCTAssertEqual(hooks.programmingErrors, ["Infallible must never emit an error event. error: boom"])
    }
}
