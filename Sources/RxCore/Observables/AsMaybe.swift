extension ObservableType {
    /// The `asMaybe` operator throws a `RxError.moreThanOneElement` if the source Observable does not emit at
    /// most one element before successfully completing.
    ///
    /// - seealso: [single operator on reactivex.io](http://reactivex.io/documentation/operators/first.html)
    ///
    ///     --1-----|         asMaybe()
    ///     --------(1|)      (the element is emitted when the source completes)
    ///     --------|         asMaybe()
    ///     --------|
    ///
    /// - returns: An observable sequence that emits a single element, completes when the source Observable has
    ///   completed, or throws an exception if more of them are emitted.
    public func asMaybe() -> Maybe<Element> {
        PrimitiveSequence(raw: AsMaybe(source: self.asObservable()))
    }
}

private final class AsMaybeSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element

    private var element: Event<Element>?

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if self.element != nil {
                self.forwardOn(.error(RxError.moreThanOneElement))
                self.dispose()
                return
            }
            self.element = event
        case .error:
            self.forwardOn(event)
            self.dispose()
        case .completed:
            if let element = self.element {
                self.forwardOn(element)
            }
            self.forwardOn(.completed)
            self.dispose()
        }
    }
}

private final class AsMaybe<Element>: Producer<Element>, @unchecked Sendable {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = AsMaybeSink(observer: observer, cancel: cancel)
        let subscription = self.source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
