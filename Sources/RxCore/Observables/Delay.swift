import Foundation

extension ObservableType {
    /// Returns an observable sequence by the source observable sequence shifted forward in time by a specified
    /// delay. Error events from the source observable sequence are not delayed.
    ///
    /// - seealso: [delay operator on reactivex.io](http://reactivex.io/documentation/operators/delay.html)
    ///
    ///     --1--2--3--|       delay(3 ticks)
    ///     -----1--2--3--|
    ///     --1--2--#          (an error is forwarded at once and drops pending elements)
    ///     -----1--#
    ///
    /// - parameter dueTime: Relative time shift of the source by.
    /// - parameter scheduler: Scheduler to run the subscription delay timer on.
    /// - returns: the source Observable shifted in time by the specified delay.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Delay(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

private final class DelaySink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element

    private let lock = RecursiveLock()
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private let sourceSubscription = SingleAssignmentDisposable()
    private let cancelable = SerialDisposable()

    // state, guarded by `lock`
    /// Whether a drain is scheduled or running.
    private var active = false
    /// Whether the drain loop is forwarding events right now (an error must then wait for it).
    private var running = false
    private var errorEvent: Event<Element>?
    private var queue = Queue<(eventTime: RxTime, event: Event<Element>)>()

    init(observer: Observer, dueTime: RxTimeInterval, scheduler: SchedulerType, cancel: Cancelable) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func run(source: Observable<Element>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribe(self))
        return Disposables.create(sourceSubscription, cancelable)
    }

    func on(_ event: Event<Element>) {
        if event.isStopEvent {
            sourceSubscription.dispose()
        }

        switch event {
        case .error:
            let shouldSendImmediately = lock.performLocked { () -> Bool in
                queue.removeAll()
                errorEvent = event
                return !running
            }
            if shouldSendImmediately {
                forwardOn(event)
                dispose()
            }
        case .next, .completed:
            lock.performLocked {
                let shouldSchedule = !active
                active = true
                queue.enqueue((scheduler.now, event))
                if shouldSchedule {
                    // Under the lock, so a late store can never cancel a newer drain (see `observe(on:)`).
                    cancelable.disposable = scheduler.scheduleRecursive((), dueTime: dueTime) { _, recursive in
                        self.drainQueue(recursive)
                    }
                }
            }
        }
    }

    // All the complications here come from errors having to be propagated immediately, possibly from another
    // thread than the one draining, and from the scheduler being possibly concurrent.
    private func drainQueue(_ scheduler: AnyRecursiveScheduler<Void>) {
        let hasFailed = lock.performLocked { () -> Bool in
            let hasFailed = errorEvent != nil
            if !hasFailed {
                running = true
            }
            return hasFailed
        }
        if hasFailed {
            return
        }

        var ranAtLeastOnce = false
        while true {
            let (errorEvent, eventToForwardImmediately, nextEventToScheduleOriginalTime) = lock.performLocked {
                () -> (Event<Element>?, Event<Element>?, RxTime?) in
                let errorEvent = self.errorEvent
                let eventToForwardImmediately = ranAtLeastOnce ? nil : queue.dequeue()?.event
                let nextEventToScheduleOriginalTime = ranAtLeastOnce ? queue.peek()?.eventTime : nil
                if errorEvent == nil {
                    if eventToForwardImmediately != nil {
                        // keeps running
                    } else if nextEventToScheduleOriginalTime != nil {
                        running = false
                    } else {
                        running = false
                        active = false
                    }
                }
                return (errorEvent, eventToForwardImmediately, nextEventToScheduleOriginalTime)
            }

            if let errorEvent {
                forwardOn(errorEvent)
                dispose()
                return
            }
            if let eventToForwardImmediately {
                ranAtLeastOnce = true
                forwardOn(eventToForwardImmediately)
                if case .completed = eventToForwardImmediately {
                    dispose()
                    return
                }
            } else if let nextEventToScheduleOriginalTime {
                scheduler.schedule(
                    (),
                    dueTime: dueTime.remaining(afterSpanFrom: nextEventToScheduleOriginalTime, to: self.scheduler.now)
                )
                return
            } else {
                return
            }
        }
    }
}

private final class Delay<Element>: TimedProducer<Element>, @unchecked Sendable {
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = DelaySink(observer: observer, dueTime: dueTime, scheduler: scheduler, cancel: cancel)
        return (sink: sink, subscription: sink.run(source: source))
    }
}
