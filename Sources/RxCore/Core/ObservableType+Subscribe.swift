extension ObservableType {
    /// Subscribes an event handler to an observable sequence.
    ///
    /// - parameter on: Action to invoke for each event in the observable sequence.
    /// - returns: Subscription object used to unsubscribe from the observable sequence.
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        let observer = AnonymousObserver { e in
            on(e)
        }
        return self.asObservable().subscribe(observer)
    }

    /// Subscribes an element handler, an error handler, a completion handler and disposed handler to an
    /// observable sequence.
    ///
    /// Error callback is not exclusive with the disposed callback: `onDisposed` runs after the sequence
    /// terminates, whatever the reason, and when the subscription is disposed.
    ///
    /// - parameter onNext: Action to invoke for each element in the observable sequence.
    /// - parameter onError: Action to invoke upon errored termination of the observable sequence.
    /// - parameter onCompleted: Action to invoke upon graceful termination of the observable sequence.
    /// - parameter onDisposed: Action to invoke upon any type of termination of sequence (if the sequence has
    ///   gracefully completed, errored, or if the generation is canceled by disposing subscription).
    /// - returns: Subscription object used to unsubscribe from the observable sequence.
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let onTerminate = onDisposed.map { Disposables.create(with: $0) }
        let observer = EventHandlersObserver<Element>(
            onNext: onNext,
            onError: onError,
            onCompleted: onCompleted,
            onTerminate: onTerminate
        )
        let subscription = self.asObservable().subscribe(observer)
        guard let onTerminate else {
            // Nothing to run on disposal: the subscription itself is the whole disposable.
            return subscription
        }
        return Disposables.create(subscription, onTerminate)
    }

    /// Subscribes an element handler, an error handler, a completion handler and disposed handler to an
    /// observable sequence, passing `object` to each handler so it need not be captured.
    ///
    /// - parameter object: The object to provide to each handler, held weakly; events stop reaching the
    ///   handlers once it is released.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        self.subscribe(
            onNext: unretained(object, onNext),
            onError: unretained(object, onError),
            onCompleted: unretained(object, onCompleted),
            onDisposed: unretained(object, onDisposed)
        )
    }
}
