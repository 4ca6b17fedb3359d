extension ObservableType {
    /// Emits elements from the source observable sequence, or a default element if the source observable
    /// sequence is empty.
    ///
    /// - seealso: [DefaultIfEmpty operator on reactivex.io](http://reactivex.io/documentation/operators/defaultifempty.html)
    ///
    ///     --------|         ifEmpty(default: 0)
    ///     --------(0|)
    ///
    /// - parameter default: Default element to be sent if the source does not emit any elements
    /// - returns: An observable sequence which emits default element end completes in case the original sequence
    ///   is empty
    public func ifEmpty(default: Element) -> Observable<Element> {
        DefaultIfEmpty(source: self.asObservable(), default: `default`)
    }
}

private final class DefaultIfEmptySink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element

    private let defaultElement: Element
    private var isEmpty = true

    init(default: Element, observer: Observer, cancel: Cancelable) {
        self.defaultElement = `default`
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            self.isEmpty = false
            self.forwardOn(event)
        case .error:
            self.forwardOn(event)
            self.dispose()
        case .completed:
            if self.isEmpty {
                self.forwardOn(.next(self.defaultElement))
            }
            self.forwardOn(.completed)
            self.dispose()
        }
    }
}

private final class DefaultIfEmpty<SourceType>: Producer<SourceType>, @unchecked Sendable {
    private let source: Observable<SourceType>
    private let defaultElement: SourceType

    init(source: Observable<SourceType>, default: SourceType) {
        self.source = source
        self.defaultElement = `default`
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == SourceType {
        let sink = DefaultIfEmptySink(default: self.defaultElement, observer: observer, cancel: cancel)
        return subscribed(sink, to: self.source)
    }
}
