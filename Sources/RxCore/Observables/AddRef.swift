/// An observable that holds a reference on a `RefCountDisposable` (its parameter) for as long as each subscription
/// to it lives; the windows of `window` and the groups of `groupBy` are built on it, so the source stays subscribed
/// while any of them is observed.
final class AddRef<Element>: SourceProducer<Element, Element, RefCountDisposable>, @unchecked Sendable {
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let releaseDisposable = self.parameters.retain()
        let sink = AddRefSink(observer: observer, cancel: cancel)
        let subscription = Disposables.create(releaseDisposable, self.source.subscribe(sink))
        return (sink: sink, subscription: subscription)
    }
}

private final class AddRefSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            forwardOn(event)
        case .completed, .error:
            forwardOn(event)
            dispose()
        }
    }
}
