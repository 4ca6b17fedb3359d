import RxCore
import RxCoreTest
import XCTest

final class CurrentThreadSchedulerTests: RxTest {
    private final class Payload {}

    func testSchedule_finishedUnitOfWork_isReleasedBeforeTheTrampolineDrains() {
        weak var released: Payload?
        var releasedBeforeNextUnit: Bool?

        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            let payload = Payload()
            released = payload
            _ = CurrentThreadScheduler.instance.schedule(payload) { _ in Disposables.create() }
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                releasedBeforeNextUnit = released == nil
                return Disposables.create()
            }
            return Disposables.create()
        }

        XCTAssertEqual(releasedBeforeNextUnit, true)
    }

    func testSchedule_queuedWorkRunsInOrderAfterTheCurrentUnit() {
        var log = [String]()

        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            log.append("outer start")
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                log.append("first")
                _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                    log.append("third")
                    return Disposables.create()
                }
                return Disposables.create()
            }
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                log.append("second")
                return Disposables.create()
            }
            log.append("outer end")
            return Disposables.create()
        }

        XCTAssertEqual(log, ["outer start", "outer end", "first", "second", "third"])
    }

    func testSchedule_disposedQueuedWork_doesNotRun() {
        var ran = false

        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            let queued = CurrentThreadScheduler.instance.schedule(()) { _ in
                ran = true
                return Disposables.create()
            }
            queued.dispose()
            return Disposables.create()
        }

        XCTAssertFalse(ran)
    }

    func testGenerators_longSynchronousFlatMap_completesWithEveryElement() throws {
        let count = try Observable.range(start: 0, count: 100_000)
            .flatMap { Observable.from([$0, $0]) }
            .reduce(0) { sum, _ in sum + 1 }
            .toBlocking()
            .single()

        XCTAssertEqual(count, 200_000)
    }
}
