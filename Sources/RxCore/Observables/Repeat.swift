extension ObservableType {
    /// Generates an observable sequence that repeats the given element infinitely, using the specified scheduler
    /// to send out observer messages.
    ///
    /// - seealso: [repeat operator on reactivex.io](http://reactivex.io/documentation/operators/repeat.html)
    ///
    ///     Observable.repeatElement(7).take(3)
    ///     7-7-7-|
    ///
    /// - parameter element: Element to repeat.
    /// - parameter scheduler: Scheduler to run the producer loop on.
    /// - returns: An observable sequence that repeats the given element infinitely.
    public static func repeatElement(
        _ element: Element,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        RepeatElement(parameters: (element: element, scheduler: scheduler))
    }
}

private final class RepeatElementSink<Observer: ObserverType>:
    ParentSink<RepeatElement<Observer.Element>, Observer>, SelfSubscribingSink, GeneratorSink, @unchecked Sendable
{
    func run() -> Disposable {
        self.runGenerator(on: self.parent.parameters.scheduler)
    }

    func step() -> Bool {
        self.forwardOn(.next(self.parent.parameters.element))
        return true
    }
}

private final class RepeatElement<Element>:
    ParametersProducer<Element, (element: Element, scheduler: ImmediateSchedulerType)>, @unchecked Sendable
{
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        self.running(RepeatElementSink(parent: self, observer: observer, cancel: cancel))
    }
}
