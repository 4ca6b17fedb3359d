import Foundation
import RxCore
import RxCoreTest
import XCTest

final class MainSchedulerTests: RxTest {
    /// Appends from any thread; read on the main thread once the work is done.
    private final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int] = []

        func append(_ value: Int) {
            lock.lock()
            values.append(value)
            lock.unlock()
        }

        var snapshot: [Int] {
            lock.lock()
            defer { lock.unlock() }
            return values
        }
    }

    func testMainScheduler_onTheMainThreadWithNothingQueued_runsAtOnce() {
        XCTAssertTrue(Thread.isMainThread, "XCTest runs tests on the main thread")
        let log = Log()

        _ = MainScheduler.instance.schedule(()) { _ in
            log.append(1)
            return Disposables.create()
        }

        XCTAssertEqual(log.snapshot, [1])
    }

    func testMainScheduler_workFromTheMainThread_doesNotOvertakeWorkQueuedEarlierFromAnotherThread() {
        let log = Log()
        let queued = DispatchSemaphore(value: 0)
        Thread {
            _ = MainScheduler.instance.schedule(()) { _ in
                log.append(1)
                return Disposables.create()
            }
            queued.signal()
        }.start()
        queued.wait()

        _ = MainScheduler.instance.schedule(()) { _ in
            log.append(2)
            return Disposables.create()
        }
        let deadline = Date().addingTimeInterval(5)
        while log.snapshot.count < 2 && Date() < deadline {
            _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.01))
        }

        XCTAssertEqual(log.snapshot, [1, 2])
    }

    func testObserveOnMainScheduler_keepsTheOrderOfEventsFromSeveralThreads() throws {
        let subject = PublishSubject<Int>()
        let values = subject.observe(on: MainScheduler.instance).take(for: .seconds(30), scheduler: MainScheduler.instance)
        let log = Log()
        let subscription = values.subscribe(onNext: { log.append($0) })
        let emitted = DispatchSemaphore(value: 0)

        Thread {
            subject.onNext(1)
            emitted.signal()
        }.start()
        emitted.wait()
        subject.onNext(2)
        let deadline = Date().addingTimeInterval(5)
        while log.snapshot.count < 2 && Date() < deadline {
            _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.01))
        }
        subscription.dispose()

        XCTAssertEqual(log.snapshot, [1, 2])
    }
}
