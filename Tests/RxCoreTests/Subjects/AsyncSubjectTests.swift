import RxCore
import RxCoreTest
import XCTest

final class AsyncSubjectTests: RxTest {
    func testAsyncSubject_emitsOnlyTheLastElement_onCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let subject = AsyncSubject<Int>()
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) {
            _ = xs.subscribe(subject)
            _ = subject.subscribe(early)
        }
        scheduler.scheduleAt(300) { _ = subject.subscribe(late) }
        scheduler.start()

        XCTAssertEqual(early.events, [.next(240, 3), .completed(240)])
        XCTAssertEqual(late.events, [.next(300, 3), .completed(300)])
    }

    func testAsyncSubject_completedWithoutElements_onlyCompletes() {
        let subject = AsyncSubject<Int>()
        var events: [Event<Int>] = []
        _ = subject.subscribe { events.append($0) }

        subject.onCompleted()

        XCTAssertEqual(events, [.completed])
    }

    func testAsyncSubject_error_dropsTheLastElement() {
        let subject = AsyncSubject<Int>()
        var events: [Event<Int>] = []
        _ = subject.subscribe { events.append($0) }

        subject.onNext(1)
        subject.onError(TestError.boom)
        subject.onNext(2)
        subject.onCompleted()
        var lateEvents: [Event<Int>] = []
        _ = subject.subscribe { lateEvents.append($0) }

        XCTAssertEqual(events, [.error(TestError.boom)])
        XCTAssertEqual(lateEvents, [.error(TestError.boom)])
    }

    func testAsyncSubject_unsubscribedObserver_getsNothing() {
        let subject = AsyncSubject<Int>()
        var events: [Event<Int>] = []
        let subscription = subject.subscribe { events.append($0) }
        XCTAssertTrue(subject.hasObservers)

        subscription.dispose()
        subject.onNext(1)
        subject.onCompleted()

        XCTAssertFalse(subject.hasObservers)
        XCTAssertEqual(events, [])
    }
}
