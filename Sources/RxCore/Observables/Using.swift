extension ObservableType {
    /// Constructs an observable sequence that depends on a resource object, whose lifetime is tied to the
    /// resulting observable sequence's lifetime.
    ///
    /// - seealso: [using operator on reactivex.io](http://reactivex.io/documentation/operators/using.html)
    ///
    ///     Observable.using({ Connection() }, observableFactory: { $0.rows })
    ///     --row--row--|      (the connection is disposed on completion, error or dispose)
    ///
    /// The resource is created on every subscription and disposed when the subscription ends. An error thrown
    /// by either factory is sent as `.error` (a resource already created is still disposed).
    ///
    /// - parameter resourceFactory: Factory function to obtain a resource object.
    /// - parameter observableFactory: Factory function to obtain an observable sequence that depends on the
    ///   obtained resource.
    /// - returns: An observable sequence whose lifetime controls the lifetime of the dependent resource object.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>
    ) -> Observable<Element> {
        Using(resourceFactory: resourceFactory, observableFactory: observableFactory)
    }
}

private final class UsingSink<Resource: Disposable, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
{
    typealias Element = Observer.Element
    typealias Parent = Using<Element, Resource>

    private let parent: Parent

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        var resourceDisposable: Disposable = Disposables.create()
        do {
            let resource = try self.parent.resourceFactory()
            resourceDisposable = resource
            let source = try self.parent.observableFactory(resource)
            return Disposables.create(source.subscribe(self), resourceDisposable)
        } catch {
            self.forwardError(error)
            return resourceDisposable
        }
    }

    func on(_ event: Event<Element>) {
        self.forwardOn(event)
        if event.isStopEvent {
            self.dispose()
        }
    }
}

private final class Using<Element, Resource: Disposable>: Producer<Element>, @unchecked Sendable {
    fileprivate let resourceFactory: () throws -> Resource
    fileprivate let observableFactory: (Resource) throws -> Observable<Element>

    init(
        resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>
    ) {
        self.resourceFactory = resourceFactory
        self.observableFactory = observableFactory
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = UsingSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
