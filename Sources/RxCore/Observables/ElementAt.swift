extension ObservableType {
    /// Returns a sequence emitting only element _n_ emitted by an Observable.
    ///
    /// - seealso: [elementAt operator on reactivex.io](http://reactivex.io/documentation/operators/elementat.html)
    ///
    ///     --a--b--c--|      element(at: 1)
    ///     -----b|
    ///
    /// If the source completes with fewer elements, the result fails with `RxError.argumentOutOfRange`. RxSwift
    /// stops the process on a negative `index`; here the sequence fails with `RxError.argumentOutOfRange`.
    ///
    /// - parameter index: The index of the required element (starting from 0).
    /// - returns: An observable sequence that emits the desired element as its own sole emission.
    public func element(at index: Int) -> Observable<Element> {
        if index < 0 {
            return Observable.error(RxError.argumentOutOfRange)
        }
        return ElementAt(source: self.asObservable(), index: index)
    }
}

private final class ElementAtSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias SourceType = Observer.Element

    private var remaining: Int

    init(index: Int, observer: Observer, cancel: Cancelable) {
        self.remaining = index
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<SourceType>) {
        switch event {
        case .next:
            if self.remaining == 0 {
                self.forwardOn(event)
                self.forwardOn(.completed)
                self.dispose()
                return
            }
            self.remaining -= 1
        case .error(let error):
            self.forwardOn(.error(error))
            self.dispose()
        case .completed:
            self.forwardOn(.error(RxError.argumentOutOfRange))
            self.dispose()
        }
    }
}

private final class ElementAt<SourceType>: Producer<SourceType>, @unchecked Sendable {
    private let source: Observable<SourceType>
    private let index: Int

    init(source: Observable<SourceType>, index: Int) {
        self.source = source
        self.index = index
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == SourceType {
        return self.subscribing(ElementAtSink(index: self.index, observer: observer, cancel: cancel), to: self.source)
    }
}
