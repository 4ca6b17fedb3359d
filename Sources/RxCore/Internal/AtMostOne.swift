/// The sink of `asSingle()` and `asMaybe()`: holds the one element until the source completes, fails with
/// `RxError.moreThanOneElement` at a second one, and — for `asSingle()` (`emptyIsError`) — with
/// `RxError.noElements` when the source completes empty.
private final class AtMostOneSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element

    private let emptyIsError: Bool
    private var element: Event<Element>?

    init(emptyIsError: Bool, observer: Observer, cancel: Cancelable) {
        self.emptyIsError = emptyIsError
        super.init(observer: observer, cancel: cancel)
    }

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
                self.forwardOn(.completed)
            } else {
                self.forwardOn(self.emptyIsError ? .error(RxError.noElements) : .completed)
            }
            self.dispose()
        }
    }
}

/// The producer of `asSingle()` and `asMaybe()`.
final class AtMostOne<Element>: Producer<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let emptyIsError: Bool

    init(source: Observable<Element>, emptyIsError: Bool) {
        self.source = source
        self.emptyIsError = emptyIsError
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = AtMostOneSink(emptyIsError: self.emptyIsError, observer: observer, cancel: cancel)
        return subscribed(sink, to: self.source)
    }
}
