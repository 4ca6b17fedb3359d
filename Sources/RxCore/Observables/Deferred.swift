extension ObservableType {
    /// Returns an observable sequence that invokes the specified factory function whenever a new observer
    /// subscribes.
    ///
    /// - seealso: [defer operator on reactivex.io](http://reactivex.io/documentation/operators/defer.html)
    ///
    ///     Observable.deferred { Observable.just(counter.next()) }
    ///     subscribe #1: 1-|      subscribe #2: 2-|
    ///
    /// An error thrown by the factory is sent to the observer as `.error`.
    ///
    /// - parameter observableFactory: Observable factory function to invoke for each observer that subscribes to
    ///   the resulting sequence.
    /// - returns: An observable sequence whose observers trigger an invocation of the given observable factory
    ///   function.
    public static func deferred(_ observableFactory: @escaping () throws -> Observable<Element>) -> Observable<Element>
    {
        Deferred(observableFactory: observableFactory)
    }
}

private final class DeferredSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element

    func run(_ observableFactory: () throws -> Observable<Element>) -> Disposable {
        do {
            let source = try observableFactory()
            return source.subscribe(self)
        } catch {
            self.forwardError(error)
            return Disposables.create()
        }
    }

    func on(_ event: Event<Element>) {
        self.forwardOn(event)
        if event.isStopEvent {
            self.dispose()
        }
    }
}

private final class Deferred<Element>: Producer<Element>, @unchecked Sendable {
    typealias Factory = () throws -> Observable<Element>

    private let observableFactory: Factory

    init(observableFactory: @escaping Factory) {
        self.observableFactory = observableFactory
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = DeferredSink(observer: observer, cancel: cancel)
        let subscription = sink.run(self.observableFactory)
        return (sink: sink, subscription: subscription)
    }
}
