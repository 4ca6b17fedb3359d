import Foundation
import RxCore
import RxCoreTest
import Synchronization
import XCTest

final class ObserveOnStressTests: RxTest {
    func testObserveOn_concurrentEmitters_deliversEveryElementOnce_neverConcurrently_inPerEmitterOrder() throws {
        let threadCount = 4
        let perThread = 5_000
        let subject = PublishSubject<Int>()
        let ledger = DeliveryLedger(valueCount: threadCount * perThread)
        let inFlight = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let outOfOrder = Atomic<Int>(0)
        let lastPerEmitter = Mutex([Int](repeating: -1, count: threadCount))
        let done = DispatchSemaphore(value: 0)

        let subscription = subject
            .observe(on: ConcurrentDispatchQueueScheduler(qos: .userInitiated))
            .subscribe(
                onNext: { value in
                    if inFlight.add(1, ordering: .acquiringAndReleasing).newValue > 1 {
                        overlaps.add(1, ordering: .relaxed)
                    }
                    ledger.record(value)
                    let emitter = value / perThread
                    lastPerEmitter.withLock { last in
                        if value <= last[emitter] { outOfOrder.add(1, ordering: .relaxed) }
                        last[emitter] = value
                    }
                    inFlight.subtract(1, ordering: .acquiringAndReleasing)
                },
                onCompleted: { done.signal() }
            )

        runOnThreads(threadCount) { thread in
            for offset in 0..<perThread {
                subject.onNext(thread * perThread + offset)
            }
        }
        subject.onCompleted()

        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "the completion never arrived")
        subscription.dispose()
        XCTAssertEqual(ledger.anomalies, [])
        XCTAssertEqual(overlaps.load(ordering: .relaxed), 0, "two events were delivered at the same time")
        XCTAssertEqual(outOfOrder.load(ordering: .relaxed), 0, "an emitter's elements were reordered")
    }

    func testObserveOnSerialQueue_manySubscribeDisposeCycles_fromSeveralThreads() {
        let subject = PublishSubject<Int>()
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rx.stress.observeOn")
        let observable = subject.observe(on: scheduler).map { $0 + 1 }

        runOnThreads(4) { thread in
            for value in 0..<500 {
                let subscription = observable.subscribe(onNext: { _ in })
                if thread == 0 { subject.onNext(value) }
                subscription.dispose()
            }
        }

        XCTAssertFalse(subject.hasObservers)
    }
}
