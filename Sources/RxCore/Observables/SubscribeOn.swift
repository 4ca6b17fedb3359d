extension ObservableType {
    /// Wraps the source sequence in order to run its subscription and unsubscription logic on the specified
    /// scheduler.
    ///
    /// This operation is not commonly used.
    ///
    /// This only performs the side-effects of subscription and unsubscription on the specified scheduler.
    ///
    /// In order to invoke observer callbacks on a `scheduler`, use `observe(on:)`.
    ///
    /// - seealso: [subscribeOn operator on reactivex.io](http://reactivex.io/documentation/operators/subscribeon.html)
    ///
    ///     subscribe(on: s)
    ///     subscribe ──schedule on s──▶ source.subscribe(…)      dispose ──schedule on s──▶ subscription.dispose()
    ///
    /// - parameter scheduler: Scheduler to perform subscription and unsubscription actions on.
    /// - returns: The source sequence whose subscriptions and unsubscriptions happen on the specified scheduler.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        SubscribeOn(source: asObservable(), parameters: scheduler)
    }
}

private final class SubscribeOnSink<Observer: ObserverType>: ParentSink<SubscribeOn<Observer.Element>, Observer>,
    SelfSubscribingSink, ObserverType, @unchecked Sendable
{
    typealias Element = Observer.Element

    func on(_ event: Event<Element>) {
        forwardOn(event)
        if event.isStopEvent {
            dispose()
        }
    }

    func run() -> Disposable {
        let disposeEverything = SerialDisposable()
        let cancelSchedule = SingleAssignmentDisposable()
        disposeEverything.disposable = cancelSchedule

        let scheduler = parent.parameters
        let disposeSchedule = scheduler.schedule(()) { _ -> Disposable in
            let subscription = self.parent.source.subscribe(self)
            disposeEverything.disposable = ScheduledDisposable(scheduler: scheduler, disposable: subscription)
            return Disposables.create()
        }
        cancelSchedule.setDisposable(disposeSchedule)
        return disposeEverything
    }
}

/// Its parameter is the scheduler.
private final class SubscribeOn<Element>: SourceProducer<Element, Element, ImmediateSchedulerType>,
    @unchecked Sendable
{
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        return self.running(SubscribeOnSink(parent: self, observer: observer, cancel: cancel))
    }
}
