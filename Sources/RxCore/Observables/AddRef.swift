/// An observable that holds a reference on a `RefCountDisposable` for as long as each subscription to it lives;
/// the windows of `window` are built on it, so the source stays subscribed while any window is observed.
final class AddRef<Element>: Producer<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let refCount: RefCountDisposable

    init(source: Observable<Element>, refCount: RefCountDisposable) {
        self.source = source
        self.refCount = refCount
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let releaseDisposable = refCount.retain()
        let sink = AddRefSink(observer: observer, cancel: cancel)
        let subscription = Disposables.create(releaseDisposable, source.subscribe(sink))
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
