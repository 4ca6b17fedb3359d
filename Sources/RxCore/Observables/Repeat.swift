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
        RepeatElement(element: element, scheduler: scheduler)
    }
}

private final class RepeatElementSink<Observer: ObserverType>: Sink<Observer>, GeneratorSink, @unchecked Sendable {
    typealias Parent = RepeatElement<Observer.Element>

    private let parent: Parent

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        self.runGenerator(on: self.parent.scheduler)
    }

    func step() -> Bool {
        self.forwardOn(.next(self.parent.element))
        return true
    }
}

private final class RepeatElement<Element>: Producer<Element>, @unchecked Sendable {
    fileprivate let element: Element
    fileprivate let scheduler: ImmediateSchedulerType

    init(element: Element, scheduler: ImmediateSchedulerType) {
        self.element = element
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = RepeatElementSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
