import RxCore
import RxCoreTest
import XCTest

final class SequenceTests: RxTest {
    func testOf_emitsElementsInOrderThenCompletes_onCurrentThread() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.of(1, 2, 3) }

        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)])
    }

    func testOf_onScheduler_sendsOneElementPerUnitOfWork() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.of(1, 2, 3, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
    }

    func testOf_disposedEarly_stopsGenerating() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 202) { Observable.of(1, 2, 3, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 1)])
    }

    func testOf_noElements_completes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.of() }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testFromArray_emitsElementsInOrderThenCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.from([1, 2], scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .completed(203)])
    }

    func testFromSequence_iteratesLazilyAndAnewForEverySubscription() throws {
        var iterations = 0
        let sequence = AnySequence { () -> AnyIterator<Int> in
            iterations += 1
            var next = 0
            return AnyIterator {
                next += 1
                return next <= 3 ? next : nil
            }
        }
        let observable = Observable.from(sequence)
        XCTAssertEqual(iterations, 0)

        XCTAssertEqual(try observable.toBlocking().toArray(), [1, 2, 3])
        XCTAssertEqual(try observable.toBlocking().toArray(), [1, 2, 3])
        XCTAssertEqual(iterations, 2)
    }

    func testFromSequence_infiniteSequenceWithTake_stopsPulling() throws {
        var pulled = 0
        let naturals = AnySequence { () -> AnyIterator<Int> in
            AnyIterator {
                pulled += 1
                return pulled
            }
        }

        let elements = try Observable.from(naturals).take(3).toBlocking().toArray()

        XCTAssertEqual(elements, [1, 2, 3])
        XCTAssertEqual(pulled, 3)
    }

    func testFromOptional_some_emitsElementAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.from(optional: 7) }

        XCTAssertEqual(res.events, [.next(200, 7), .completed(200)])
    }

    func testFromOptional_none_completes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.from(optional: nil) }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testFromOptional_onScheduler_sendsElementThenCompletion() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.from(optional: 7, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 7), .completed(202)])
    }

    func testFromOptional_noneOnScheduler_completesOnScheduler() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.from(optional: nil, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(201)])
    }
}
