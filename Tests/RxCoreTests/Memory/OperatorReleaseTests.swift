import RxCore
import RxCoreTest
import XCTest

/// After a subscription is disposed, or its sequence terminates, every internal object must be released: the
/// observer (held only by the operator's sink), the source, the operator's observable, and every timer.
final class OperatorReleaseTests: RxTest {
    private enum Ending: CaseIterable {
        case dispose, completion, error
    }

    /// The observer under test; only the subscription machinery holds it.
    private final class Probe: ObserverType {
        func on(_ event: Event<Int>) {}
    }

    private typealias MakeOperator = (Observable<Int>, SchedulerType) -> Observable<Int>

    private let operators: [(name: String, make: MakeOperator)] = [
        ("sample", { source, s in source.sample(Observable<Int>.interval(.seconds(3), scheduler: s), defaultValue: 0) }),
        ("take(for:)", { source, s in source.take(for: .seconds(100), scheduler: s) }),
        ("skip(for:)", { source, s in source.skip(for: .seconds(5), scheduler: s) }),
        ("debounce", { source, s in source.debounce(.seconds(10), scheduler: s) }),
        ("throttle latest", { source, s in source.throttle(.seconds(10), latest: true, scheduler: s) }),
        ("throttle", { source, s in source.throttle(.seconds(10), latest: false, scheduler: s) }),
        ("buffer", { source, s in source.buffer(timeSpan: .seconds(7), count: 2, scheduler: s).map { $0.count } }),
        ("window", { source, s in source.window(timeSpan: .seconds(7), count: 2, scheduler: s).map { _ in 0 } }),
        ("delay", { source, s in source.delay(.seconds(50), scheduler: s) }),
        ("delaySubscription", { source, s in source.delaySubscription(.seconds(5), scheduler: s) }),
        ("timeout", { source, s in source.timeout(.seconds(100), scheduler: s) }),
        ("timeout other", { source, s in source.timeout(.seconds(1), other: Observable.just(7), scheduler: s) }),
        ("observe(on:)", { source, s in source.observe(on: s) }),
        ("subscribe(on:)", { source, s in source.subscribe(on: s) }),
        ("share()", { source, _ in source.share() }),
        ("share(replay: 1)", { source, _ in source.share(replay: 1) }),
        ("share(replay: 3)", { source, _ in source.share(replay: 3) }),
        ("share forever", { source, _ in source.share(replay: 1, scope: .forever) }),
        ("publish.refCount", { source, _ in source.publish().refCount() }),
        ("replayAll.refCount", { source, _ in source.replayAll().refCount() }),
        ("multicast selector", { source, _ in source.multicast({ PublishSubject<Int>() }, selector: { $0 }) }),
        ("groupBy", { source, _ in source.groupBy { $0 % 2 }.map { $0.key } }),
    ]

    func testOperators_releaseEverything_afterDispose() {
        for (name, make) in operators {
            assertReleases(name, make, ending: .dispose)
        }
    }

    func testOperators_releaseEverything_afterCompletion() {
        for (name, make) in operators {
            assertReleases(name, make, ending: .completion)
        }
    }

    func testOperators_releaseEverything_afterError() {
        for (name, make) in operators {
            assertReleases(name, make, ending: .error)
        }
    }

    private func assertReleases(_ name: String, _ make: @escaping MakeOperator, ending: Ending) {
        #if DEBUG
        let resourcesBefore = Resources.total
        #endif
        weak var weakSource: PublishSubject<Int>?
        weak var weakResult: Observable<Int>?
        weak var weakProbe: Probe?
        var subscription: Disposable?
        do {
            let scheduler = TestScheduler(initialClock: 0)
            let tracking = TrackingScheduler(scheduler)
            let source = PublishSubject<Int>()
            weakSource = source

            scheduler.scheduleAt(10) {
                let result = make(source.asObservable(), tracking)
                let probe = Probe()
                weakResult = result
                weakProbe = probe
                subscription = result.subscribe(probe)
            }
            scheduler.scheduleAt(20) { source.onNext(1) }
            scheduler.scheduleAt(25) { source.onNext(2) }
            scheduler.scheduleAt(30) {
                switch ending {
                case .dispose: subscription?.dispose()
                case .completion: source.onCompleted()
                case .error: source.onError(TestError.boom)
                }
            }
            scheduler.advanceTo(10_000)

            XCTAssertNil(weakProbe, "\(name), \(ending): the observer is still referenced")
            XCTAssertEqual(tracking.pendingWork, 0, "\(name), \(ending): scheduled work left behind")
        }
        subscription = nil

        XCTAssertNil(weakSource, "\(name), \(ending): the source is still referenced")
        XCTAssertNil(weakResult, "\(name), \(ending): the operator's observable is still referenced")
        #if DEBUG
        XCTAssertEqual(Resources.total, resourcesBefore, "\(name), \(ending): Resources.total did not return")
        #endif
    }

    func testSubjects_areReleasedWithTheirLastReference() {
        weak var replay: ReplaySubject<Int>?
        weak var async: AsyncSubject<Int>?
        weak var relaySubscriber: BehaviorRelay<Int>?
        do {
            let replaySubject = ReplaySubject<Int>.create(bufferSize: 2)
            let asyncSubject = AsyncSubject<Int>()
            let relay = BehaviorRelay(value: 0)
            replay = replaySubject
            async = asyncSubject
            relaySubscriber = relay
            let subscriptions = [
                replaySubject.subscribe(), asyncSubject.subscribe(), relay.subscribe(),
            ]
            replaySubject.onNext(1)
            asyncSubject.onNext(1)
            relay.accept(1)
            subscriptions.forEach { $0.dispose() }
        }

        XCTAssertNil(replay)
        XCTAssertNil(async)
        XCTAssertNil(relaySubscriber)
    }
}
