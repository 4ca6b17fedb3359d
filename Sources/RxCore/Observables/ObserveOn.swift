extension ObservableType {
    /// Wraps the source sequence in order to run its observer callbacks on the specified scheduler.
    ///
    /// This only invokes observer callbacks on a `scheduler`. In case the subscription and/or unsubscription
    /// actions have side-effects that require to be run on a scheduler, use `subscribe(on:)`.
    ///
    /// - seealso: [observeOn operator on reactivex.io](http://reactivex.io/documentation/operators/observeon.html)
    ///
    ///     source (thread A):  --1--2--3--|
    ///     observe(on: s)
    ///     result (on s):      ---1--2--3--|      (same events, same order, delivered by `s`)
    ///
    /// Events are queued and delivered one at a time, in order. With a `SerialDispatchQueueScheduler` (including
    /// `MainScheduler`) each event is dispatched to the queue directly; with any other scheduler a recursive
    /// drain loop delivers the queued events.
    ///
    /// **When it releases its upstream** (as in RxSwift): a terminal event from the source does not dispose the
    /// source subscription on the producing thread; the subscription is disposed on the scheduler right after the
    /// terminal event was delivered to the observer, or at once when the subscription is disposed. Events still
    /// queued when the subscription is disposed are dropped.
    ///
    /// - parameter scheduler: Scheduler to notify observers on.
    /// - returns: The source sequence whose observations happen on the specified scheduler.
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        guard let serialScheduler = scheduler as? SerialDispatchQueueScheduler else {
            return ObserveOn(source: asObservable(), parameters: scheduler)
        }
        return ObserveOnSerialDispatchQueue(source: asObservable(), parameters: serialScheduler)
    }
}

private final class ObserveOnSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element

    private let scheduler: ImmediateSchedulerType
    private let lock = RecursiveLock()
    private let scheduleDisposable = SerialDisposable()

    // state, guarded by `lock`
    private var isStopped = false
    private var isDraining = false
    private var queue = Queue<Event<Element>>()

    init(scheduler: ImmediateSchedulerType, observer: Observer, cancel: Cancelable) {
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        lock.performLocked {
            if isStopped {
                return
            }
            isStopped = event.isStopEvent
            queue.enqueue(event)
            if isDraining {
                return
            }
            isDraining = true
            // Scheduled under the lock: with emitters on several threads, a drain that started and finished before
            // its disposable was stored must not have that late store cancel the next drain.
            scheduleDisposable.disposable = scheduler.scheduleRecursive(()) { _, recurse in
                self.drain(recurse)
            }
        }
    }

    private func drain(_ recurse: (()) -> Void) {
        let nextEvent = lock.performLocked { () -> Event<Element>? in
            if let event = queue.dequeue() {
                return event
            }
            isDraining = false
            return nil
        }
        guard let nextEvent, !isDisposed else { return }

        forwardOn(nextEvent)
        if nextEvent.isStopEvent {
            dispose()
            return
        }

        let shouldContinue = lock.performLocked { () -> Bool in
            if queue.isEmpty {
                isDraining = false
                return false
            }
            return true
        }
        if shouldContinue {
            recurse(())
        }
    }

    override func dispose() {
        super.dispose()
        scheduleDisposable.dispose()
        lock.performLocked { queue.removeAll() }
    }
}

/// Its parameter is the scheduler.
private final class ObserveOn<Element>: SourceProducer<Element, Element, ImmediateSchedulerType>, @unchecked Sendable {
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        subscribed(ObserveOnSink(scheduler: self.parameters, observer: observer, cancel: cancel), to: self.source)
    }
}

private final class ObserveOnSerialDispatchQueueSink<Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
{
    typealias Element = Observer.Element

    private let scheduler: SerialDispatchQueueScheduler
    private let lock = RecursiveLock()

    // state, guarded by `lock`
    private var isStopped = false

    init(scheduler: SerialDispatchQueueScheduler, observer: Observer, cancel: Cancelable) {
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        let accepted = lock.performLocked { () -> Bool in
            if isStopped {
                return false
            }
            isStopped = event.isStopEvent
            return true
        }
        guard accepted else { return }
        // The queue is serial, so events run in the order they were dispatched.
        _ = scheduler.schedule((self, event)) { pair in
            pair.0.forwardOn(pair.1)
            if pair.1.isStopEvent {
                pair.0.dispose()
            }
            return Disposables.create()
        }
    }
}

/// Its parameter is the scheduler.
private final class ObserveOnSerialDispatchQueue<Element>:
    SourceProducer<Element, Element, SerialDispatchQueueScheduler>, @unchecked Sendable
{
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = ObserveOnSerialDispatchQueueSink(scheduler: self.parameters, observer: observer, cancel: cancel)
        return subscribed(sink, to: self.source)
    }
}
