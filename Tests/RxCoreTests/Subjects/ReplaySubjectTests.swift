import RxCore
import RxCoreTest
import XCTest

final class ReplaySubjectTests: RxTest {
    func testReplaySubject_bufferSize_replaysTheLastElementsToLateSubscribers() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        var received: [Int] = []

        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        let subscription = subject.subscribe(onNext: { received.append($0) })
        subject.onNext(4)
        subscription.dispose()

        XCTAssertEqual(received, [2, 3, 4])
    }

    func testReplaySubject_marble_lateSubscriberGetsBufferThenLiveEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let subject = ReplaySubject<Int>.create(bufferSize: 1)
        let late = scheduler.createObserver(Int.self)
        let afterCompletion = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) { _ = xs.subscribe(subject) }
        scheduler.scheduleAt(225) { _ = subject.subscribe(late) }
        scheduler.scheduleAt(300) { _ = subject.subscribe(afterCompletion) }
        scheduler.start()

        XCTAssertEqual(late.events, [.next(225, 2), .next(230, 3), .completed(240)])
        XCTAssertEqual(afterCompletion.events, [.next(300, 3), .completed(300)])
    }

    func testReplaySubject_unbounded_replaysEverythingAndTheError() {
        let subject = ReplaySubject<Int>.createUnbounded()
        for value in 0..<100 { subject.onNext(value) }
        subject.onError(TestError.boom)
        subject.onNext(100)

        let result = subject.toBlocking().materialize()

        guard case .failed(let elements, let error) = result else {
            return XCTFail("expected the replayed error, got \(result)")
        }
        XCTAssertEqual(elements, Array(0..<100))
        XCTAssertEqual("\(error)", "\(TestError.boom)")
    }

    func testReplaySubject_bufferSizeZero_replaysNothing() {
        let subject = ReplaySubject<Int>.create(bufferSize: 0)
        var received: [Int] = []

        subject.onNext(1)
        let subscription = subject.subscribe(onNext: { received.append($0) })
        subject.onNext(2)
        subscription.dispose()

        XCTAssertEqual(received, [2])
    }

    func testReplaySubject_afterDispose_subscribersGetDisposedError_andEventsAreIgnored() {
        let subject = ReplaySubject<Int>.create(bufferSize: 3)
        subject.onNext(1)
        subject.dispose()
        subject.onNext(2)
        var events: [Event<Int>] = []

        _ = subject.subscribe { events.append($0) }

        XCTAssertEqual(events, [.error(RxError.disposed(object: "ReplaySubject"))])
    }

    func testReplaySubject_hasObservers_followsSubscriptions() {
        let subject = ReplaySubject<Int>.create(bufferSize: 1)
        XCTAssertFalse(subject.hasObservers)

        let subscription = subject.subscribe()
        XCTAssertTrue(subject.hasObservers)

        subscription.dispose()
        XCTAssertFalse(subject.hasObservers)
    }
}
