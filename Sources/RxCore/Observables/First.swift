extension ObservableType {
    /// The `first` operator emits only the very first item emitted by this Observable, or nil if this Observable
    /// completes without emitting anything.
    ///
    /// - seealso: [single operator on reactivex.io](http://reactivex.io/documentation/operators/first.html)
    ///
    ///     --1--2--3--|      first()
    ///     --(1|)            (unsubscribes from the source at once)
    ///     -----------|      first()
    ///     -----------(nil|)
    ///
    /// As in RxSwift 6 the result is a `Single<Element?>`, not a `Maybe`.
    ///
    /// - returns: An observable sequence that emits a single element or nil if the source observable sequence
    ///   completes without emitting any items.
    public func first() -> Single<Element?> {
        PrimitiveSequence(raw: First(source: self.asObservable()))
    }
}

private final class FirstSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable
where Observer.Element == Element? {
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            self.forwardLast(value)
        case .error(let error):
            self.forwardOn(.error(error))
            self.dispose()
        case .completed:
            self.forwardLast(nil)
        }
    }
}

private final class First<Element>: Producer<Element?>, @unchecked Sendable {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element? {
        return subscribed(FirstSink<Element, Observer>(observer: observer, cancel: cancel), to: self.source)
    }
}
