import RxCore
import RxCoreTest
import XCTest

final class PrimitiveSequenceUsingTests: RxTest {
    func testUsing_disposesResourceWhenSingleSucceeds() {
        let scheduler = TestScheduler(initialClock: 0)
        var resource: MockDisposable!
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(10)])

        let res = scheduler.start {
            Single.using(
                { () -> MockDisposable in
                    resource = MockDisposable(scheduler: scheduler)
                    return resource
                },
                primitiveSequenceFactory: { _ in xs.asSingle() }
            )
        }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(210)])
        XCTAssertEqual(resource.ticks, [200, 210])
    }

    func testUsing_factoryThrows_failsAndDisposesResource() {
        let scheduler = TestScheduler(initialClock: 0)
        var resource: MockDisposable!

        let res = scheduler.start {
            Completable.using(
                { () -> MockDisposable in
                    resource = MockDisposable(scheduler: scheduler)
                    return resource
                },
                primitiveSequenceFactory: { _ in throw TestError.boom }
            )
        }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
        XCTAssertEqual(resource.ticks, [200, 200])
    }
}
