import RxCore
import RxCoreTest
import XCTest

final class ConcatTests: RxTest {
    func testConcat_instance_subscribesSecondWhenFirstCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let ys = scheduler.createColdObservable([.next(10, 2), .completed(30)])

        let res = scheduler.start { xs.concat(ys) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(220, 250)])
    }

    func testConcat_staticVariadic_concatenatesInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let zs = scheduler.createColdObservable([.next(10, 3), .completed(20)])

        let res = scheduler.start { Observable.concat(xs.asObservable(), ys.asObservable(), zs.asObservable()) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)])
        XCTAssertEqual(zs.subscriptions, [Subscription(240, 260)])
    }

    func testConcat_errorInSource_failsAndNeverSubscribesTheRest() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])

        let res = scheduler.start { Observable.concat([xs.asObservable(), ys.asObservable()]) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(ys.subscriptions, [])
    }

    func testConcat_emptyCollection_completes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.concat([Observable<Int>]()) }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testConcat_disposedEarly_disposesCurrentSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let ys = scheduler.createColdObservable([.next(10, 2), .next(200, 3)])

        let res = scheduler.start(disposed: 300) { xs.concat(ys) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2)])
        XCTAssertEqual(ys.subscriptions, [Subscription(220, 300)])
    }

    func testConcat_sequence_isConsumedLazily() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        var pulledAt = [Int]()
        let sources = AnySequence { () -> AnyIterator<Observable<Int>> in
            var remaining = [xs.asObservable(), ys.asObservable()]
            return AnyIterator {
                pulledAt.append(scheduler.clock)
                return remaining.isEmpty ? nil : remaining.removeFirst()
            }
        }

        let res = scheduler.start { Observable.concat(sources) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .completed(240)])
        XCTAssertEqual(pulledAt, [200, 220, 240])
    }

    func testConcat_manySynchronousSources_doesNotOverflowTheStack() throws {
        let sources = (0..<100_000).lazy.map { Observable.just($0) }

        let last = try Observable.concat(sources).toBlocking().last()

        XCTAssertEqual(last, 99_999)
    }

    func testConcat_ofInnerSequences_isMergeWithOneAtATime() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(50)])
        let ys2 = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(220, ys2), .completed(230)])

        let res = scheduler.start { xs.concat() }

        XCTAssertEqual(res.events, [.next(220, 1), .next(270, 2), .completed(280)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(260, 280)])
    }
}
