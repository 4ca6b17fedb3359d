extension ObservableType {
    /// Enumerates the elements of an observable sequence.
    ///
    /// - seealso: [map operator on reactivex.io](http://reactivex.io/documentation/operators/map.html)
    ///
    ///     --a--b--c--|      enumerated()
    ///     --(0,a)--(1,b)--(2,c)--|
    ///
    /// - returns: An observable sequence that contains tuples of source sequence elements and their indexes.
    public func enumerated() -> Observable<(index: Int, element: Element)> {
        Enumerated(source: self.asObservable())
    }
}

private final class EnumeratedSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
where Observer.Element == (index: Int, element: Element) {
    private var index = 0

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            let (nextIndex, overflow) = self.index.addingReportingOverflow(1)
            if overflow {
                self.forwardOn(.error(RxError.overflow))
                self.dispose()
                return
            }
            let current = self.index
            self.index = nextIndex
            self.forwardOn(.next((index: current, element: value)))
        case .error, .completed:
            self.forwardStop(event)
        }
    }
}

private final class Enumerated<Element>: Producer<(index: Int, element: Element)>, @unchecked Sendable {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == (index: Int, element: Element) {
        return subscribed(EnumeratedSink<Element, Observer>(observer: observer, cancel: cancel), to: self.source)
    }
}
