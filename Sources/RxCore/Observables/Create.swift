import Synchronization

extension ObservableType {
    /// Creates an observable sequence from a specified subscribe method implementation.
    ///
    /// - seealso: [create operator on reactivex.io](http://reactivex.io/documentation/operators/create.html)
    ///
    ///     let numbers = Observable<Int>.create { observer in
    ///         observer.onNext(1)
    ///         observer.onNext(2)
    ///         observer.onCompleted()
    ///         return Disposables.create()
    ///     }
    ///     // next(1), next(2), completed
    ///
    /// Events after a terminal event, and events sent after the subscription was disposed, are ignored.
    ///
    /// - parameter subscribe: Implementation of the resulting observable sequence's `subscribe` method.
    /// - returns: The observable sequence with the specified implementation for the `subscribe` method.
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> Disposable) -> Observable<Element> {
        AnonymousObservable(subscribe)
    }
}

private final class AnonymousObservableSink<Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
{
    typealias Element = Observer.Element
    typealias Parent = AnonymousObservable<Element>

    private let isStopped = Atomic<Bool>(false)

    override init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if isStopped.load(ordering: .acquiring) {
                return
            }
            self.forwardOn(event)
        case .error, .completed:
            if !isStopped.exchange(true, ordering: .acquiringAndReleasing) {
                self.forwardOn(event)
                self.dispose()
            }
        }
    }

    func run(_ parent: Parent) -> Disposable {
        parent.subscribeHandler(AnyObserver(self))
    }
}

private final class AnonymousObservable<Element>: Producer<Element>, @unchecked Sendable {
    typealias SubscribeHandler = (AnyObserver<Element>) -> Disposable

    let subscribeHandler: SubscribeHandler

    init(_ subscribeHandler: @escaping SubscribeHandler) {
        self.subscribeHandler = subscribeHandler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = AnonymousObservableSink(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}
