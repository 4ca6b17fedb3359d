extension ObservableType {
    /// Convert any Observable into an Observable of its events.
    ///
    /// - seealso: [materialize operator on reactivex.io](http://reactivex.io/documentation/operators/materialize-dematerialize.html)
    ///
    ///     --1--2--#             materialize()
    ///     --next(1)--next(2)--(error(#)|)
    ///
    /// - returns: An observable sequence that wraps events in an Event<E>. The returned Observable never errors,
    ///   but it does complete after observing all of the events of the underlying Observable.
    public func materialize() -> Observable<Event<Element>> {
        Materialize(source: self.asObservable())
    }
}

private final class MaterializeSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
where Observer.Element == Event<Element> {
    func on(_ event: Event<Element>) {
        self.forwardOn(.next(event))
        if event.isStopEvent {
            self.forwardOn(.completed)
            self.dispose()
        }
    }
}

private final class Materialize<Element>: Producer<Event<Element>>, @unchecked Sendable {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Event<Element> {
        return subscribed(MaterializeSink<Element, Observer>(observer: observer, cancel: cancel), to: self.source)
    }
}
