import RxCore
import RxCoreTest
import XCTest

final class UsingTests: RxTest {
    func testUsing_disposesResourceWhenSequenceCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        var resource: MockDisposable!
        var xs: TestableObservable<Int>!

        let res = scheduler.start {
            Observable.using(
                { () -> MockDisposable in
                    resource = MockDisposable(scheduler: scheduler)
                    return resource
                },
                observableFactory: { _ in
                    xs = scheduler.createColdObservable([.next(100, 1), .completed(200)])
                    return xs.asObservable()
                }
            )
        }

        XCTAssertEqual(res.events, [.next(300, 1), .completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(resource.ticks, [200, 400])
    }

    func testUsing_disposesResourceWhenSequenceErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        var resource: MockDisposable!
        let xs = scheduler.createColdObservable([.next(100, 1), .error(150, TestError.boom)])

        let res = scheduler.start {
            Observable.using(
                { () -> MockDisposable in
                    resource = MockDisposable(scheduler: scheduler)
                    return resource
                },
                observableFactory: { _ in xs.asObservable() }
            )
        }

        XCTAssertEqual(res.events, [.next(300, 1), .error(350, TestError.boom)])
        XCTAssertEqual(resource.ticks, [200, 350])
    }

    func testUsing_disposedEarly_disposesResourceAndSource() {
        let scheduler = TestScheduler(initialClock: 0)
        var resource: MockDisposable!
        let xs = scheduler.createColdObservable([.next(100, 1), .next(500, 2)])

        let res = scheduler.start(disposed: 400) {
            Observable.using(
                { () -> MockDisposable in
                    resource = MockDisposable(scheduler: scheduler)
                    return resource
                },
                observableFactory: { _ in xs.asObservable() }
            )
        }

        XCTAssertEqual(res.events, [.next(300, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(resource.ticks, [200, 400])
    }

    func testUsing_resourceFactoryThrows_sendsError() {
        let scheduler = TestScheduler(initialClock: 0)
        var observableFactoryCalled = false

        let res = scheduler.start {
            Observable<Int>.using(
                { () throws -> MockDisposable in throw TestError.boom },
                observableFactory: { _ in
                    observableFactoryCalled = true
                    return Observable.never()
                }
            )
        }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
        XCTAssertFalse(observableFactoryCalled)
    }

    func testUsing_observableFactoryThrows_sendsErrorAndDisposesResource() {
        let scheduler = TestScheduler(initialClock: 0)
        var resource: MockDisposable!

        let res = scheduler.start {
            Observable<Int>.using(
                { () -> MockDisposable in
                    resource = MockDisposable(scheduler: scheduler)
                    return resource
                },
                observableFactory: { _ in throw TestError.boom }
            )
        }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
        XCTAssertEqual(resource.ticks, [200, 200])
    }
}
