import Foundation

extension ObservableType {
    /// Returns an Observable that emits the first and the latest item emitted by the source Observable during
    /// sequential time windows of a specified duration.
    ///
    /// This operator makes sure that no two elements are emitted in less then dueTime.
    ///
    /// - seealso: [debounce operator on reactivex.io](http://reactivex.io/documentation/operators/debounce.html)
    ///
    ///     --1-2-3-------4-----|      throttle(4 ticks, latest: true)
    ///     --1---3-------4-----|
    ///     --1-2-3-------4-----|      throttle(4 ticks, latest: false)
    ///     --1-----------4-----|
    ///
    /// As in RxSwift, when the source completes while a latest element is still waiting for its window, the
    /// completion is held back and sent right after that element; an error is sent at once and drops it.
    ///
    /// - parameter dueTime: Throttling duration for each element.
    /// - parameter latest: Should latest element received in a dueTime wide time window since last element
    ///   emission be emitted.
    /// - parameter scheduler: Scheduler to run the throttle timers on.
    /// - returns: The throttled sequence.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType)
        -> Observable<Element>
    {
        Throttle(source: asObservable(), dueTime: dueTime, latest: latest, scheduler: scheduler)
    }
}

private final class ThrottleSink<Observer: ObserverType>: ParentSink<Throttle<Observer.Element>, Observer>,
    SelfSubscribingSink, ObserverType, @unchecked Sendable
{
    typealias Element = Observer.Element

    private let lock = RecursiveLock()
    private let cancellable = SerialDisposable()

    // state, guarded by `lock`
    private var lastUnsentElement: Element?
    private var lastSentTime: Date?
    private var completed = false

    func run() -> Disposable {
        let subscription = parent.source.subscribe(self)
        return Disposables.create(subscription, cancellable)
    }

    func on(_ event: Event<Element>) {
        lock.performLocked {
            switch event {
            case .next(let element):
                let reducedScheduledTime: RxTimeInterval
                if let lastSentTime {
                    reducedScheduledTime = parent.dueTime.remaining(
                        afterSpanFrom: lastSentTime,
                        to: parent.scheduler.now
                    )
                } else {
                    reducedScheduledTime = .nanoseconds(0)
                }

                if reducedScheduledTime.isNow {
                    sendNow(element)
                    return
                }
                if !parent.latest {
                    return
                }

                let isThereAlreadyInFlightRequest = lastUnsentElement != nil
                lastUnsentElement = element
                if isThereAlreadyInFlightRequest {
                    return
                }

                cancellable.scheduleRelative(self, dueTime: reducedScheduledTime, on: parent.scheduler) { sink in
                    sink.propagate()
                }
            case .error:
                lastUnsentElement = nil
                forwardOn(event)
                dispose()
            case .completed:
                if lastUnsentElement != nil {
                    completed = true
                } else {
                    forwardOn(.completed)
                    dispose()
                }
            }
        }
    }

    private func sendNow(_ element: Element) {
        lastUnsentElement = nil
        forwardOn(.next(element))
        // In case element processing takes a while, this gives some more room.
        lastSentTime = parent.scheduler.now
    }

    private func propagate() {
        lock.performLocked {
            if let lastUnsentElement {
                sendNow(lastUnsentElement)
            }
            if completed {
                forwardOn(.completed)
                dispose()
            }
        }
    }
}

private final class Throttle<Element>: TimedProducer<Element>, @unchecked Sendable {
    let latest: Bool

    init(source: Observable<Element>, dueTime: RxTimeInterval, latest: Bool, scheduler: SchedulerType) {
        self.latest = latest
        super.init(source: source, dueTime: dueTime, scheduler: scheduler)
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        return self.running(ThrottleSink(parent: self, observer: observer, cancel: cancel))
    }
}
