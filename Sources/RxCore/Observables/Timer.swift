extension ObservableType where Element: RxAbstractInteger {
    /// Returns an observable sequence that produces a value after each period, using the specified scheduler to
    /// run timers and to send out observer messages.
    ///
    /// - seealso: [interval operator on reactivex.io](http://reactivex.io/documentation/operators/interval.html)
    ///
    ///     Observable<Int>.interval(.seconds(10), scheduler: s)   // subscribed at 0
    ///     ----------0---------1---------2---------3--- …
    ///
    /// - parameter period: Period for producing the values in the resulting sequence.
    /// - parameter scheduler: Scheduler to run the timer on.
    /// - returns: An observable sequence that produces a value after each period.
    public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Timer(dueTime: period, period: period, scheduler: scheduler)
    }

    /// Returns an observable sequence that periodically produces a value after the specified initial relative due
    /// time has elapsed, using the specified scheduler to run timers.
    ///
    /// - seealso: [timer operator on reactivex.io](http://reactivex.io/documentation/operators/timer.html)
    ///
    ///     Observable<Int>.timer(.seconds(5), scheduler: s)                      // subscribed at 0
    ///     -----(0|)
    ///     Observable<Int>.timer(.seconds(5), period: .seconds(10), scheduler: s)
    ///     -----0---------1---------2--- …
    ///
    /// - parameter dueTime: Relative time at which to produce the first value.
    /// - parameter period: Period to produce subsequent values; `nil` produces one value and completes.
    /// - parameter scheduler: Scheduler to run timers on.
    /// - returns: An observable sequence that produces a value after due time has elapsed and then each period.
    public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType)
        -> Observable<Element>
    {
        Timer(dueTime: dueTime, period: period, scheduler: scheduler)
    }
}

private final class TimerSink<Observer: ObserverType>: ParentSink<Timer<Observer.Element>, Observer>,
    @unchecked Sendable
where Observer.Element: RxAbstractInteger
{
    private let lock = RecursiveLock()

    func run(period: RxTimeInterval) -> Disposable {
        parent.scheduler.schedulePeriodic(0 as Observer.Element, startAfter: parent.dueTime, period: period) {
            state in
            self.lock.performLocked { self.forwardOn(.next(state)) }
            return state &+ 1
        }
    }
}

private final class TimerOneOffSink<Observer: ObserverType>: ParentSink<Timer<Observer.Element>, Observer>,
    SelfSubscribingSink, @unchecked Sendable
where Observer.Element: RxAbstractInteger
{
    func run() -> Disposable {
        parent.scheduler.scheduleRelative(self, dueTime: parent.dueTime) { sink in
            sink.forwardLast(0)
            return Disposables.create()
        }
    }
}

private final class Timer<Element: RxAbstractInteger>: Producer<Element>, @unchecked Sendable {
    let scheduler: SchedulerType
    let dueTime: RxTimeInterval
    let period: RxTimeInterval?

    init(dueTime: RxTimeInterval, period: RxTimeInterval?, scheduler: SchedulerType) {
        self.scheduler = scheduler
        self.dueTime = dueTime
        self.period = period
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        if let period {
            let sink = TimerSink(parent: self, observer: observer, cancel: cancel)
            return (sink: sink, subscription: sink.run(period: period))
        }
        return self.running(TimerOneOffSink(parent: self, observer: observer, cancel: cancel))
    }
}
