import Foundation
import RxCore
import RxCoreTest
import Synchronization
import XCTest

/// Many threads at once: nothing may crash, and every element must arrive exactly once.
final class SubjectStressTests: RxTest {
    private let threadCount = 4
    private let elementsPerThread = 5_000

    func testPublishSubject_concurrentEmitters_everySubscriberGetsEveryElementOnce() {
        let subject = PublishSubject<Int>()
        let ledgers = (0..<10).map { _ in DeliveryLedger(valueCount: threadCount * elementsPerThread) }
        let subscriptions = ledgers.map { ledger in subject.subscribe(onNext: { ledger.record($0) }) }
        let perThread = elementsPerThread

        runOnThreads(threadCount) { thread in
            for offset in 0..<perThread {
                subject.onNext(thread * perThread + offset)
            }
        }
        subscriptions.forEach { $0.dispose() }

        for (index, ledger) in ledgers.enumerated() {
            XCTAssertEqual(ledger.anomalies, [], "subscriber \(index)")
        }
        XCTAssertFalse(subject.hasObservers)
    }

    func testReplaySubject_concurrentEmitters_bufferHoldsEveryElementOnce() throws {
        let subject = ReplaySubject<Int>.createUnbounded()
        let live = DeliveryLedger(valueCount: threadCount * elementsPerThread)
        let subscription = subject.subscribe(onNext: { live.record($0) })
        let perThread = elementsPerThread

        runOnThreads(threadCount) { thread in
            for offset in 0..<perThread {
                subject.onNext(thread * perThread + offset)
            }
        }
        subject.onCompleted()
        subscription.dispose()
        let replayed = DeliveryLedger(valueCount: threadCount * elementsPerThread)
        for value in try subject.toBlocking().toArray() {
            replayed.record(value)
        }

        XCTAssertEqual(live.anomalies, [])
        XCTAssertEqual(replayed.anomalies, [])
    }

    func testBehaviorRelay_concurrentAccept_subscribersSeeEveryValueOnce() {
        let relay = BehaviorRelay(value: -1)
        let ledger = DeliveryLedger(valueCount: threadCount * elementsPerThread)
        let subscription = relay.subscribe(onNext: { if $0 >= 0 { ledger.record($0) } })
        let perThread = elementsPerThread

        runOnThreads(threadCount) { thread in
            for offset in 0..<perThread {
                relay.accept(thread * perThread + offset)
            }
        }
        subscription.dispose()

        XCTAssertEqual(ledger.anomalies, [])
    }

    func testSubscribeDisposeCycles_whileEmitting_noDoubledElementsAndNoObserversLeft() {
        let publish = PublishSubject<Int>()
        let replay = ReplaySubject<Int>.create(bufferSize: 1)
        let shared = publish.share(replay: 1)
        let violations = Atomic<Int>(0)
        let cycles = 300

        runOnThreads(threadCount + 1) { thread in
            if thread == 0 {
                for value in 0..<20_000 {
                    publish.onNext(value)
                    replay.onNext(value)
                }
                return
            }
            for _ in 0..<cycles {
                for source in [publish.asObservable(), replay.asObservable(), shared] {
                    let last = Mutex(-1)
                    let subscription = source.subscribe(onNext: { value in
                        let isIncreasing = last.withLock { last -> Bool in
                            defer { last = value }
                            return value > last
                        }
                        if !isIncreasing {
                            violations.add(1, ordering: .relaxed)
                        }
                    })
                    subscription.dispose()
                }
            }
        }

        XCTAssertEqual(violations.load(ordering: .relaxed), 0, "an element arrived twice or out of order")
        XCTAssertFalse(publish.hasObservers, "share(replay:) must drop its connection once everyone left")
        XCTAssertFalse(replay.hasObservers)
    }
}
