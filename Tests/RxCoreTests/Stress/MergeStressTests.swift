import Foundation
import RxCore
import RxCoreTest
import Synchronization
import XCTest

/// `merge` serializes sources that emit from different threads at once: every element exactly once, never two
/// deliveries at the same time, each source's order kept, and the completion only after every source completed.
final class MergeStressTests: RxTest {
    private let sourceCount = 4
    private let perSource = 5_000

    private func assertSerializedMerge(
        _ makeMerged: ([PublishSubject<Int>]) -> Observable<Int>,
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let subjects = (0..<sourceCount).map { _ in PublishSubject<Int>() }
        let ledger = DeliveryLedger(valueCount: sourceCount * perSource)
        let inFlight = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let outOfOrder = Atomic<Int>(0)
        let completions = Atomic<Int>(0)
        let lastPerSource = Mutex([Int](repeating: -1, count: sourceCount))
        let perSource = self.perSource

        let subscription = makeMerged(subjects).subscribe(
            onNext: { value in
                if inFlight.add(1, ordering: .acquiringAndReleasing).newValue > 1 {
                    overlaps.add(1, ordering: .relaxed)
                }
                ledger.record(value)
                lastPerSource.withLock { last in
                    if value <= last[value / perSource] { outOfOrder.add(1, ordering: .relaxed) }
                    last[value / perSource] = value
                }
                inFlight.subtract(1, ordering: .acquiringAndReleasing)
            },
            onCompleted: { completions.add(1, ordering: .relaxed) }
        )
        runOnThreads(sourceCount) { source in
            for offset in 0..<perSource {
                subjects[source].onNext(source * perSource + offset)
            }
            subjects[source].onCompleted()
        }
        subscription.dispose()

        XCTAssertEqual(ledger.anomalies, [], file: file, line: line)
        XCTAssertEqual(overlaps.load(ordering: .relaxed), 0, "concurrent deliveries", file: file, line: line)
        XCTAssertEqual(outOfOrder.load(ordering: .relaxed), 0, "a source's order changed", file: file, line: line)
        XCTAssertEqual(completions.load(ordering: .relaxed), 1, "completion count", file: file, line: line)
        XCTAssertTrue(subjects.allSatisfy { !$0.hasObservers }, file: file, line: line)
    }

    func testMerge_sourcesEmittingFromSeveralThreads_areSerialized() {
        assertSerializedMerge { subjects in Observable.merge(subjects.map { $0.asObservable() }) }
    }

    func testFlatMap_innerSequencesEmittingFromSeveralThreads_areSerialized() {
        assertSerializedMerge { subjects in Observable.from(subjects).flatMap { $0 } }
    }

    func testMergeMaxConcurrent_withRoomForAll_isSerialized() {
        assertSerializedMerge { subjects in
            Observable.from(subjects.map { $0.asObservable() }).merge(maxConcurrent: subjects.count)
        }
    }

    func testMerge_subscribeDisposeCyclesWhileSourcesEmit() {
        let subjects = (0..<2).map { _ in PublishSubject<Int>() }
        let merged = Observable.merge(subjects.map { $0.asObservable() })
        let stop = Atomic<Bool>(false)

        runOnThreads(4) { thread in
            if thread < 2 {
                var value = 0
                while !stop.load(ordering: .relaxed) {
                    subjects[thread].onNext(value)
                    value += 1
                }
                return
            }
            for _ in 0..<1_000 {
                merged.subscribe(onNext: { _ in }).dispose()
            }
            stop.store(true, ordering: .relaxed)
        }

        XCTAssertTrue(subjects.allSatisfy { !$0.hasObservers })
    }
}
