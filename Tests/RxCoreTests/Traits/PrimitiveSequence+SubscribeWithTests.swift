import RxCore
import RxCoreTest
import XCTest

private final class Model {
    var log: [String] = []
}

final class PrimitiveSequenceSubscribeWithTests: RxTest {
    func testSingleSubscribeWith_successAndDisposal_receiveTheObject() {
        let model = Model()

        _ = Single.just(1).subscribe(
            with: model,
            onSuccess: { model, value in model.log.append("success \(value)") },
            onFailure: { model, _ in model.log.append("failure") },
            onDisposed: { model in model.log.append("disposed") }
        )

        XCTAssertEqual(model.log, ["success 1", "disposed"])
    }

    func testSingleSubscribeWith_failure_receivesTheError() {
        let model = Model()

        _ = Single<Int>.error(TestError.boom).subscribe(with: model, onFailure: { model, error in
            model.log.append("failure \(error)")
        })

        XCTAssertEqual(model.log, ["failure boom"])
    }

    func testMaybeSubscribeWith_completedAndError() {
        let model = Model()

        _ = Maybe<Int>.empty().subscribe(with: model, onCompleted: { $0.log.append("completed") })
        _ = Maybe<Int>.error(TestError.boom).subscribe(with: model, onError: { $0.log.append("error \($1)") })
        _ = Maybe.just(2).subscribe(with: model, onSuccess: { $0.log.append("success \($1)") })

        XCTAssertEqual(model.log, ["completed", "error boom", "success 2"])
    }

    func testCompletableSubscribeWith_completedAndError() {
        let model = Model()

        _ = Completable.empty().subscribe(with: model, onCompleted: { $0.log.append("completed") })
        _ = Completable.error(TestError.boom).subscribe(with: model, onError: { $0.log.append("error \($1)") })

        XCTAssertEqual(model.log, ["completed", "error boom"])
    }

    func testSubscribeWith_objectReleased_noHandlerRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        var model: Model? = Model()
        weak let released = model
        var calls = 0
        let single = Single.just(1, scheduler: scheduler)
        _ = single.subscribe(with: model!, onSuccess: { _, _ in calls += 1 }, onDisposed: { _ in calls += 1 })

        model = nil
        scheduler.start()

        XCTAssertNil(released)
        XCTAssertEqual(calls, 0)
    }
}
