import RxCore
import RxCoreTest
import XCTest

final class DebugTests: HookedRxTest {
    func testDebug_completedSequence_logsSubscriptionEventsAndDisposalOnce() {
        // Given a hot source that emits twice and completes
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        // When it is observed through debug
        let res = scheduler.start { xs.debug("numbers") }

        // Then events pass unchanged and each step is logged, disposal once
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(
            hooks.debugLines,
            [
                "numbers -> subscribed", "numbers -> Event next(1)", "numbers -> Event next(2)",
                "numbers -> Event completed", "numbers -> isDisposed",
            ]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testDebug_error_isLoggedAndForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom, Int.self)])

        let res = scheduler.start { xs.debug("e") }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(
            hooks.debugLines,
            ["e -> subscribed", "e -> Event next(1)", "e -> Event error(boom)", "e -> isDisposed"]
        )
    }

    func testDebug_disposedBeforeTermination_logsDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(1100, 2)])

        let res = scheduler.start { xs.debug("d") }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(hooks.debugLines, ["d -> subscribed", "d -> Event next(1)", "d -> isDisposed"])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testDebug_trimOutput_shortensLongEventsTo40Characters() {
        let long = String(repeating: "a", count: 30) + String(repeating: "z", count: 30)

        _ = Observable.just(long).debug("t", trimOutput: true).subscribe()

        // "next(" + 60 characters + ")": the first 20 and last 20 characters of the event text around "...".
        XCTAssertEqual(hooks.debugLines[1], "t -> Event next(aaaaaaaaaaaaaaa...zzzzzzzzzzzzzzzzzzz)")
    }

    func testDebug_withoutIdentifier_namesTheCallSite() {
        _ = Observable.just(1).debug().subscribe()

        XCTAssertTrue(
            hooks.debugLines[0].hasPrefix("DebugTests.swift:"),
            "identifier should name file:line (function), got \(hooks.debugLines[0])"
        )
        XCTAssertTrue(hooks.debugLines[0].contains("(testDebug_withoutIdentifier_namesTheCallSite())"))
    }

    func testDebug_eachSubscription_logsSeparately() {
        let source = Observable.of(1).debug("s")

        _ = source.subscribe()
        _ = source.subscribe()

        XCTAssertEqual(hooks.debugLines.filter { $0 == "s -> subscribed" }.count, 2)
    }
}
