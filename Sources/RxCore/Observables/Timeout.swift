extension ObservableType {
    /// Applies a timeout policy for each element in the observable sequence. If the next element isn't received
    /// within the specified timeout duration starting from its predecessor, a TimeoutError is propagated to the
    /// observer.
    ///
    /// - seealso: [timeout operator on reactivex.io](http://reactivex.io/documentation/operators/timeout.html)
    ///
    ///     --1--2----------3--|      timeout(5 ticks)
    ///     --1--2-----#              (#: RxError.timeout, 5 ticks after 2)
    ///
    /// - parameter dueTime: Maximum duration between values before a timeout occurs.
    /// - parameter scheduler: Scheduler to run the timeout timer on.
    /// - returns: An observable sequence with a `RxError.timeout` in case of a timeout.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Timeout(
            source: asObservable(),
            dueTime: dueTime,
            other: Observable.error(RxError.timeout),
            scheduler: scheduler
        )
    }

    /// Applies a timeout policy for each element in the observable sequence, using the specified scheduler to
    /// run timeout timers. If the next element isn't received within the specified timeout duration starting
    /// from its predecessor, the other observable sequence is used to produce future messages from that point
    /// on.
    ///
    /// - seealso: [timeout operator on reactivex.io](http://reactivex.io/documentation/operators/timeout.html)
    ///
    ///     source: --1--2----------3--|      timeout(5 ticks, other: -a-b-|)
    ///     result: --1--2------a-b-|         (the source is disposed when the timer wins)
    ///
    /// - parameter dueTime: Maximum duration between values before a timeout occurs.
    /// - parameter other: Sequence to return in case of a timeout.
    /// - parameter scheduler: Scheduler to run the timeout timer on.
    /// - returns: The source sequence switching to the other sequence in case of a timeout.
    public func timeout<Source: ObservableConvertibleType>(
        _ dueTime: RxTimeInterval,
        other: Source,
        scheduler: SchedulerType
    ) -> Observable<Element> where Element == Source.Element {
        Timeout(source: asObservable(), dueTime: dueTime, other: other.asObservable(), scheduler: scheduler)
    }
}

private final class TimeoutSink<Observer: ObserverType>: ParentSink<Timeout<Observer.Element>, Observer>,
    SelfSubscribingSink, ObserverType, @unchecked Sendable
{
    typealias Element = Observer.Element

    private let lock = RecursiveLock()
    private let timerDisposable = SerialDisposable()
    private let subscription = SerialDisposable()

    // state, guarded by `lock`
    private var id = 0
    private var switched = false

    func run() -> Disposable {
        let original = SingleAssignmentDisposable()
        subscription.disposable = original
        createTimeoutTimer()
        original.setDisposable(parent.source.subscribe(self))
        return Disposables.create(subscription, timerDisposable)
    }

    func on(_ event: Event<Element>) {
        let sourceWins = lock.performLocked { () -> Bool in
            if switched {
                return false
            }
            id &+= 1
            return true
        }
        guard sourceWins else { return }
        switch event {
        case .next:
            forwardOn(event)
            createTimeoutTimer()
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }

    private func createTimeoutTimer() {
        if timerDisposable.isDisposed {
            return
        }
        let timerID = lock.performLocked { id }
        timerDisposable.scheduleRelative(timerID, dueTime: parent.dueTime, on: parent.scheduler) { state in
            let timerWins = self.lock.performLocked { () -> Bool in
                self.switched = (state == self.id)
                return self.switched
            }
            if timerWins {
                self.subscription.disposable = self.parent.other.subscribe(self.forwarder())
            }
        }
    }
}

private final class Timeout<Element>: TimedProducer<Element>, @unchecked Sendable {
    let other: Observable<Element>

    init(source: Observable<Element>, dueTime: RxTimeInterval, other: Observable<Element>, scheduler: SchedulerType) {
        self.other = other
        super.init(source: source, dueTime: dueTime, scheduler: scheduler)
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        return self.running(TimeoutSink(parent: self, observer: observer, cancel: cancel))
    }
}
