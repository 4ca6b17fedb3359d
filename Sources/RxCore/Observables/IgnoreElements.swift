extension ObservableType {
    /// Skips elements and completes (or errors) when the observable sequence completes (or errors).
    ///
    /// Equivalent to filter that always returns false.
    ///
    /// - seealso: [ignoreElements operator on reactivex.io](http://reactivex.io/documentation/operators/ignoreelements.html)
    ///
    ///     --1--2--3--|      ignoreElements()
    ///     -----------|
    ///
    /// As in RxSwift 6 the result is an `Observable<Never>`; call `asCompletable()` on it for a `Completable`.
    ///
    /// - returns: An observable sequence that skips all elements of the source sequence.
    public func ignoreElements() -> Observable<Never> {
        IgnoreElements(source: self.asObservable())
    }
}

private final class IgnoreElementsSink<SourceType, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
where Observer.Element == Never {
    func on(_ event: Event<SourceType>) {
        switch event {
        case .next:
            break
        case .error, .completed:
            self.forwardStop(event)
        }
    }
}

private final class IgnoreElements<SourceType>: Producer<Never>, @unchecked Sendable {
    private let source: Observable<SourceType>

    init(source: Observable<SourceType>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Never {
        let sink = IgnoreElementsSink<SourceType, Observer>(observer: observer, cancel: cancel)
        return subscribed(sink, to: self.source)
    }
}
