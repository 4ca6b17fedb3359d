extension ObservableType where Element: RxAbstractInteger {
    /// Generates an observable sequence of integral numbers within a specified range, using the specified
    /// scheduler to generate and send out observer messages.
    ///
    /// - seealso: [range operator on reactivex.io](http://reactivex.io/documentation/operators/range.html)
    ///
    ///     Observable.range(start: 5, count: 3)
    ///     5-6-7-|
    ///
    /// RxSwift stops the process on a negative `count` or a range past `Element.max`; here the sequence fails
    /// instead, with `RxError.argumentOutOfRange` or `RxError.overflow`.
    ///
    /// - parameter start: The value of the first integer in the sequence.
    /// - parameter count: The number of sequential integers to generate.
    /// - parameter scheduler: Scheduler to run the generator loop on.
    /// - returns: An observable sequence that contains a range of sequential integral numbers.
    public static func range(
        start: Element,
        count: Element,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        if count < 0 {
            return Observable.error(RxError.argumentOutOfRange)
        }
        if count > 0 && start.addingReportingOverflow(count - 1).overflow {
            return Observable.error(RxError.overflow)
        }
        return RangeProducer(parameters: (start: start, count: count, scheduler: scheduler))
    }
}

private final class RangeSink<Observer: ObserverType>: ParentSink<RangeProducer<Observer.Element>, Observer>,
    GeneratorSink, @unchecked Sendable
where Observer.Element: RxAbstractInteger
{
    private let start: Observer.Element
    private let count: Observer.Element
    // Per-element state, serialized by the Rx contract: no dynamic exclusivity check (a thread-local lookup per access).
    @exclusivity(unchecked) private var offset: Observer.Element = 0

    override init(parent: RangeProducer<Observer.Element>, observer: Observer, cancel: Cancelable) {
        (self.start, self.count, _) = parent.parameters
        super.init(parent: parent, observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        self.runGenerator(on: self.parent.parameters.scheduler)
    }

    func step() -> Bool {
        if self.offset < self.count {
            self.forwardOn(.next(self.start + self.offset))
            self.offset += 1
            return true
        }
        self.forwardOn(.completed)
        self.dispose()
        return false
    }
}

private final class RangeProducer<Element: RxAbstractInteger>:
    ParametersProducer<Element, (start: Element, count: Element, scheduler: ImmediateSchedulerType)>,
    @unchecked Sendable
{
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = RangeSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
