import Foundation
import RxCore
import RxCoreTest
import Synchronization
import XCTest

/// Timed operators on real dispatch schedulers, subscribed and disposed from several threads while events flow:
/// nothing may crash, every subscription must let go of the source, and no timer may outlive its subscription
/// (the base class checks `Resources.total`).
final class TimedOperatorStressTests: RxTest {
    func testTimedOperators_subscribeDisposeCyclesFromSeveralThreads_whileEmitting() {
        let subject = PublishSubject<Int>()
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
        let chains: [Observable<Int>] = [
            subject.debounce(.microseconds(50), scheduler: scheduler),
            subject.throttle(.microseconds(50), latest: true, scheduler: scheduler),
            subject.delay(.microseconds(50), scheduler: scheduler),
            subject.buffer(timeSpan: .microseconds(50), count: 3, scheduler: scheduler).map { $0.count },
            subject.timeout(.seconds(5), scheduler: scheduler),
            subject.sample(Observable<Int>.interval(.microseconds(50), scheduler: scheduler)),
            subject.observe(on: scheduler),
            subject.share(replay: 1),
        ]
        let stop = Atomic<Bool>(false)

        runOnThreads(4) { thread in
            if thread == 0 {
                var value = 0
                while !stop.load(ordering: .relaxed) {
                    subject.onNext(value)
                    value += 1
                }
                return
            }
            for cycle in 0..<600 {
                let chain = chains[(cycle + thread) % chains.count]
                let subscription = chain.subscribe(onNext: { _ in })
                subscription.dispose()
            }
            if thread == 1 {
                stop.store(true, ordering: .relaxed)
            }
        }

        XCTAssertFalse(subject.hasObservers, "a disposed subscription still observes the source")
    }
}
