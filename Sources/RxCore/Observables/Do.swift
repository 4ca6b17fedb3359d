extension ObservableType {
    /// Invokes an action for each event in the observable sequence, and propagates all observer messages through
    /// the result sequence.
    ///
    /// - seealso: [do operator on reactivex.io](http://reactivex.io/documentation/operators/do.html)
    ///
    ///     --1--2--|      do(onNext: { print($0) })
    ///     --1--2--|      (prints 1, 2)
    ///
    /// The `on…` actions run before the event is forwarded, the `after…` actions after it. An error thrown by an
    /// `on…` action is sent instead of the event; one thrown by `afterNext` is sent after the element. Nothing can
    /// follow a terminal event, so an error thrown by `afterError` or `afterCompleted` goes to
    /// `Hooks.defaultErrorHandler`.
    ///
    /// - parameter onNext: Action to invoke for each element in the observable sequence.
    /// - parameter afterNext: Action to invoke for each element after the observable has passed an onNext event
    ///   along to its downstream.
    /// - parameter onError: Action to invoke upon errored termination of the observable sequence.
    /// - parameter afterError: Action to invoke after errored termination of the observable sequence.
    /// - parameter onCompleted: Action to invoke upon graceful termination of the observable sequence.
    /// - parameter afterCompleted: Action to invoke after graceful termination of the observable sequence.
    /// - parameter onSubscribe: Action to invoke before subscribing to source observable sequence.
    /// - parameter onSubscribed: Action to invoke after subscribing to source observable sequence.
    /// - parameter onDispose: Action to invoke after subscription to source observable has been disposed for any
    ///   reason. It can be either because sequence terminates for some reason or observer subscription being
    ///   disposed.
    /// - returns: The source sequence with the side-effecting behavior applied.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Observable<Element> {
        Do(
            source: self.asObservable(),
            parameters: (
                eventHandler: { event in
                    switch event {
                    case .next(let element): try onNext?(element)
                    case .error(let error): try onError?(error)
                    case .completed: try onCompleted?()
                    }
                },
                afterEventHandler: { event in
                    switch event {
                    case .next(let element): try afterNext?(element)
                    case .error(let error): try afterError?(error)
                    case .completed: try afterCompleted?()
                    }
                },
                onSubscribe: onSubscribe,
                onSubscribed: onSubscribed,
                onDispose: onDispose
            )
        )
    }
}

private final class DoSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element
    typealias EventHandler = (Event<Element>) throws -> Void

    private let eventHandler: EventHandler
    private let afterEventHandler: EventHandler

    init(
        eventHandler: @escaping EventHandler,
        afterEventHandler: @escaping EventHandler,
        observer: Observer,
        cancel: Cancelable
    ) {
        self.eventHandler = eventHandler
        self.afterEventHandler = afterEventHandler
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        do {
            try self.eventHandler(event)
        } catch {
            self.forwardError(error)
            return
        }
        self.forwardOn(event)
        do {
            try self.afterEventHandler(event)
        } catch let error {
            if event.isStopEvent {
                Hooks.defaultErrorHandler(error)
            } else {
                self.forwardOn(.error(error))
            }
            self.dispose()
            return
        }
        if event.isStopEvent {
            self.dispose()
        }
    }
}

/// The producer of `do`; its parameters are the handlers.
private final class Do<Element>:
    SourceProducer<
        Element,
        Element,
        (
            eventHandler: (Event<Element>) throws -> Void,
            afterEventHandler: (Event<Element>) throws -> Void,
            onSubscribe: (() -> Void)?,
            onSubscribed: (() -> Void)?,
            onDispose: (() -> Void)?
        )
    >,
    @unchecked Sendable
{
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let (eventHandler, afterEventHandler, onSubscribe, onSubscribed, onDispose) = self.parameters
        onSubscribe?()
        let sink = DoSink(
            eventHandler: eventHandler,
            afterEventHandler: afterEventHandler,
            observer: observer,
            cancel: cancel
        )
        let subscription = self.source.subscribe(sink)
        onSubscribed?()
        let allSubscriptions = Disposables.create {
            subscription.dispose()
            onDispose?()
        }
        return (sink: sink, subscription: allSubscriptions)
    }
}
