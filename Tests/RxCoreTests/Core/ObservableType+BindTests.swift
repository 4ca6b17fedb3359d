import RxCore
import RxCoreTest
import XCTest

private final class Screen {
    var titles: [String] = []
}

final class ObservableTypeBindTests: HookedRxTest {
    func testBindToObservers_forwardsEveryEventToEachObserver() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom, Int.self)])
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) { _ = xs.bind(to: first, second) }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(second.events, first.events)
    }

    func testBindToOptionalObservers_wrapsElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int?.self)

        _ = Observable.of(1, 2).bind(to: observer)

        XCTAssertEqual(observer.events, [.next(0, Int?.some(1)), .next(0, Int?.some(2)), .completed(0)])
    }

    func testBindOnNext_errorIsAProgrammingError_elementsBeforeItArrive() {
        var values: [Int] = []

        _ = Observable.concat(.just(1), .error(TestError.boom)).bind(onNext: { values.append($0) })

        XCTAssertEqual(values, [1])
        XCTAssertEqual(hooks.programmingErrors, ["Binding error: boom"])
        XCTAssertEqual(hooks.unhandledErrors, [])
    }

    func testBindWithObject_passesTheObjectAndStopsOnceItIsReleased() {
        var screen: Screen? = Screen()
        weak let released = screen
        let titles = PublishSubject<String>()
        let subscription = titles.bind(with: screen!) { screen, title in screen.titles.append(title) }

        titles.onNext("a")
        XCTAssertEqual(screen?.titles, ["a"])
        screen = nil
        titles.onNext("b")

        XCTAssertNil(released)
        subscription.dispose()
    }

    func testBindToBinderFunction_andCurriedArgument() {
        let count = Observable.of(1, 2, 3).bind(to: { source in (try? source.toBlocking().toArray().count) ?? 0 })
        let sum = Observable.of(1, 2, 3).bind(
            to: { source in { (offset: Int) in offset + ((try? source.toBlocking().toArray()) ?? []).reduce(0, +) } },
            curriedArgument: 10
        )

        XCTAssertEqual(count, 3)
        XCTAssertEqual(sum, 16)
    }
}
