extension ObservableType {
    /// Time shifts the observable sequence by delaying the subscription with the specified relative time
    /// duration, using the specified scheduler to run timers.
    ///
    /// - seealso: [delay operator on reactivex.io](http://reactivex.io/documentation/operators/delay.html)
    ///
    ///     source (cold):  -1-2-|
    ///     delaySubscription(3 ticks)
    ///     result:         ----1-2-|      (the source is subscribed 3 ticks later)
    ///
    /// Disposing before the due time cancels the pending subscription.
    ///
    /// - parameter dueTime: Relative time shift of the subscription.
    /// - parameter scheduler: Scheduler to run the subscription delay timer on.
    /// - returns: Time-shifted sequence.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        DelaySubscription(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

private final class DelaySubscriptionSink<Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
{
    typealias Element = Observer.Element

    func on(_ event: Event<Element>) {
        forwardOn(event)
        if event.isStopEvent {
            dispose()
        }
    }
}

private final class DelaySubscription<Element>: TimedProducer<Element>, @unchecked Sendable {
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = DelaySubscriptionSink(observer: observer, cancel: cancel)
        let subscription = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
            self.source.subscribe(sink)
        }
        return (sink: sink, subscription: subscription)
    }
}
