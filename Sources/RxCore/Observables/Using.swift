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
        Using(parameters: (resourceFactory: resourceFactory, observableFactory: observableFactory))
    }
}

private final class UsingSink<Resource: Disposable, Observer: ObserverType>:
    ParentSink<Using<Observer.Element, Resource>, Observer>, SelfSubscribingSink, ObserverType, @unchecked Sendable
{
    typealias Element = Observer.Element

    func run() -> Disposable {
        var resourceDisposable: Disposable = Disposables.create()
        do {
            let (resourceFactory, observableFactory) = self.parent.parameters
            let resource = try resourceFactory()
            resourceDisposable = resource
            let source = try observableFactory(resource)
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

private final class Using<Element, Resource: Disposable>:
    ParametersProducer<
        Element,
        (resourceFactory: () throws -> Resource, observableFactory: (Resource) throws -> Observable<Element>)
    >,
    @unchecked Sendable
{
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        self.running(UsingSink(parent: self, observer: observer, cancel: cancel))
    }
}
