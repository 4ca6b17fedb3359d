import RxCore
import RxCoreTest
import XCTest

private final class Label {
    var text = ""
}

final class BinderTests: HookedRxTest {
    func testBinder_bindsEachElementOnItsScheduler() {
        // Given a binder on a virtual-time scheduler
        let scheduler = TestScheduler(initialClock: 0)
        let label = Label()
        var seen: [(TestTime, String)] = []
        let binder = Binder(label, scheduler: scheduler) { label, text in
            label.text = text
            seen.append((scheduler.clock, text))
        }
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .completed(230)])

        // When the sequence is bound to it
        scheduler.scheduleAt(200) { _ = xs.bind(to: binder) }
        scheduler.start()

        // Then each element is set one tick later, on the scheduler
        XCTAssertEqual(seen.map(\.0), [211, 221])
        XCTAssertEqual(label.text, "b")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testBinder_targetReleased_elementsAreNotBound() {
        var label: Label? = Label()
        weak let released = label
        var bound = 0
        let binder = Binder(label!, scheduler: CurrentThreadScheduler.instance) { (_: Label, _: String) in bound += 1 }
        label = nil

        binder.onNext("x")

        XCTAssertNil(released)
        XCTAssertEqual(bound, 0)
    }

    func testBinder_error_isReportedAsAProgrammingErrorNotACrash() {
        let label = Label()
        let binder = Binder(label, scheduler: CurrentThreadScheduler.instance) { label, text in label.text = text }

        _ = Observable<String>.error(TestError.boom).bind(to: binder)

        XCTAssertEqual(hooks.programmingErrors, ["Binding error: boom"])
    }

    func testBinder_defaultScheduler_isMainAndRunsAtOnceOnTheMainThread() {
        let label = Label()
        let binder = Binder(label) { label, text in label.text = text }

        binder.asObserver().onNext("main")

        XCTAssertEqual(label.text, "main")
    }
}
