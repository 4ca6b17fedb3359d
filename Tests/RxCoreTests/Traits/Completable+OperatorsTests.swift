import RxCore
import RxCoreTest
import XCTest

final class CompletableOperatorsTests: RxTest {
    private func completable(_ scheduler: TestScheduler, completedAt time: Int) -> TestableObservable<Never> {
        scheduler.createColdObservable([.completed(time, Never.self)])
    }

    func testCompletableDo_callsHandlers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = completable(scheduler, completedAt: 20)
        var log = [String]()

        let res = scheduler.start {
            xs.asObservable().asCompletable().do(
                onCompleted: { log.append("completed @\(scheduler.clock)") },
                onSubscribe: { log.append("subscribe") },
                onDispose: { log.append("dispose") }
            )
        }

        XCTAssertEqual(res.events, [.completed(220)])
        XCTAssertEqual(log, ["subscribe", "completed @220", "dispose"])
    }

    func testCompletableDo_onErrorThrows_failsWithThrownError() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Completable.error(TestError.boom).do(onError: { _ in throw TestError.other }) }

        XCTAssertEqual(res.events, [.error(200, TestError.other)])
    }

    func testCompletableConcat_runsOneAfterAnother() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = completable(scheduler, completedAt: 20)
        let second = completable(scheduler, completedAt: 30)
        let third = completable(scheduler, completedAt: 10)

        let res = scheduler.start {
            Completable.concat(
                first.asObservable().asCompletable(),
                second.asObservable().asCompletable(),
                third.asObservable().asCompletable()
            )
        }

        XCTAssertEqual(res.events, [.completed(260)])
        XCTAssertEqual(second.subscriptions, [Subscription(220, 250)])
        XCTAssertEqual(third.subscriptions, [Subscription(250, 260)])
    }

    func testCompletableConcat_instanceAndSequenceForms() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = completable(scheduler, completedAt: 20)
        let second = completable(scheduler, completedAt: 30)

        let instance = scheduler.start {
            first.asObservable().asCompletable().concat(second.asObservable().asCompletable())
        }
        let lazySequence = scheduler.start(created: 1000, subscribed: 1000, disposed: 2000) {
            Completable.concat(AnySequence([Completable.empty(), Completable.error(TestError.boom)]))
        }

        XCTAssertEqual(instance.events, [.completed(250)])
        XCTAssertEqual(lazySequence.events, [.error(1000, TestError.boom)])
    }

    func testCompletableZip_runsAllAtOnceAndCompletesWithTheLast() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = completable(scheduler, completedAt: 20)
        let second = completable(scheduler, completedAt: 30)

        let res = scheduler.start {
            Completable.zip(first.asObservable().asCompletable(), second.asObservable().asCompletable())
        }

        XCTAssertEqual(res.events, [.completed(230)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(second.subscriptions, [Subscription(200, 230)])
    }

    func testCompletableZip_errorFailsAndDisposesOthers() {
        let scheduler = TestScheduler(initialClock: 0)
        let slow = completable(scheduler, completedAt: 100)
        let failing = scheduler.createColdObservable([.error(20, TestError.boom, Never.self)])

        let res = scheduler.start {
            Completable.zip([slow.asObservable().asCompletable(), failing.asObservable().asCompletable()])
        }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(slow.subscriptions, [Subscription(200, 220)])
    }
}
