extension ObservableType {
    /// Converts an optional to an observable sequence: `.some(x)` emits `x` and completes, `nil` just completes.
    ///
    /// - seealso: [from operator on reactivex.io](http://reactivex.io/documentation/operators/from.html)
    ///
    ///     Observable.from(optional: 1)     // 1-|
    ///     Observable<Int>.from(optional: nil)   // |
    ///
    /// - parameter optional: Optional element in the resulting observable sequence.
    /// - returns: An observable sequence containing the wrapped value or not from given optional.
    public static func from(optional: Element?) -> Observable<Element> {
        ObservableOptional(optional: optional)
    }

    /// Converts an optional to an observable sequence, sending its events on `scheduler`.
    ///
    /// - seealso: [from operator on reactivex.io](http://reactivex.io/documentation/operators/from.html)
    ///
    /// - parameter optional: Optional element in the resulting observable sequence.
    /// - parameter scheduler: Scheduler to send the optional element on.
    /// - returns: An observable sequence containing the wrapped value or not from given optional.
    public static func from(optional: Element?, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        ObservableOptionalScheduled(parameters: (optional: optional, scheduler: scheduler))
    }
}

private final class ObservableOptionalScheduledSink<Observer: ObserverType>:
    ParentSink<ObservableOptionalScheduled<Observer.Element>, Observer>, SelfSubscribingSink, @unchecked Sendable
{
    typealias Element = Observer.Element

    func run() -> Disposable {
        let (optional, scheduler) = self.parent.parameters
        return scheduler.schedule(optional) { optional in
            if let element = optional {
                self.forwardOn(.next(element))
                return scheduler.schedule(()) { _ in
                    self.forwardOn(.completed)
                    self.dispose()
                    return Disposables.create()
                }
            }
            self.forwardOn(.completed)
            self.dispose()
            return Disposables.create()
        }
    }
}

private final class ObservableOptionalScheduled<Element>:
    ParametersProducer<Element, (optional: Element?, scheduler: ImmediateSchedulerType)>, @unchecked Sendable
{
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        self.running(ObservableOptionalScheduledSink(parent: self, observer: observer, cancel: cancel))
    }
}

private final class ObservableOptional<Element>: Producer<Element>, @unchecked Sendable {
    private let optional: Element?

    init(optional: Element?) {
        self.optional = optional
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        if let element = self.optional {
            observer.on(.next(element))
        }
        observer.on(.completed)
        return Disposables.create()
    }
}
