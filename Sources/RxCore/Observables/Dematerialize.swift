extension ObservableType where Element: EventConvertible {
    /// Convert any previously materialized Observable into it's original form.
    ///
    /// - seealso: [materialize operator on reactivex.io](http://reactivex.io/documentation/operators/materialize-dematerialize.html)
    ///
    ///     --next(1)--next(2)--error(#)--|      dematerialize()
    ///     --1--------2--------#
    ///
    /// A materialized `.error` or `.completed` ends the result; the source is unsubscribed at once.
    ///
    /// - returns: The dematerialized observable sequence.
    public func dematerialize() -> Observable<Element.Element> {
        Dematerialize(source: self.asObservable())
    }
}

private final class DematerializeSink<SourceType: EventConvertible, Observer: ObserverType>: Sink<Observer>,
    ObserverType, @unchecked Sendable
where Observer.Element == SourceType.Element {
    func on(_ event: Event<SourceType>) {
        switch event {
        case .next(let element):
            self.forwardOn(element.event)
            if element.event.isStopEvent {
                self.dispose()
            }
        case .error, .completed:
            self.forwardStop(event)
        }
    }
}

private final class Dematerialize<SourceType: EventConvertible>: Producer<SourceType.Element>, @unchecked Sendable {
    private let source: Observable<SourceType>

    init(source: Observable<SourceType>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == SourceType.Element {
        let sink = DematerializeSink<SourceType, Observer>(observer: observer, cancel: cancel)
        return subscribed(sink, to: self.source)
    }
}
