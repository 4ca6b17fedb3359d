extension InfallibleType {
    /// Subscribes an element handler, a completion handler and disposed handler, passing `object` (held weakly)
    /// to each so it need not be captured. There is no error handler: an `Infallible` cannot fail.
    ///
    /// - Note: If `object` can't be retained, none of the other closures will be invoked.
    /// - parameter object: The object to provide an unretained reference on.
    /// - parameter onNext: Action to invoke for each element in the observable sequence.
    /// - parameter onCompleted: Action to invoke upon graceful termination of the observable sequence.
    /// - parameter onDisposed: Action to invoke upon any type of termination of sequence (if the sequence has
    ///   gracefully completed, or if the generation is canceled by disposing subscription).
    /// - returns: Subscription object used to unsubscribe from the observable sequence.
    @inlinable public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        self.asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes an element handler, a completion handler and disposed handler. There is no error handler: an
    /// `Infallible` cannot fail.
    ///
    /// - parameter onNext: Action to invoke for each element in the observable sequence.
    /// - parameter onCompleted: Action to invoke upon graceful termination of the observable sequence.
    /// - parameter onDisposed: Action to invoke upon any type of termination of sequence (if the sequence has
    ///   gracefully completed, or if the generation is canceled by disposing subscription).
    /// - returns: Subscription object used to unsubscribe from the observable sequence.
    @inlinable public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        self.asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes an event handler to the sequence.
    ///
    /// An error (only a throwing operator closure can cause one) is reported to `Hooks.programmingErrorHandler`
    /// and not passed on (RxSwift raises `fatalError` in debug builds).
    ///
    /// - parameter on: Action to invoke for each event in the sequence.
    /// - returns: Subscription object used to unsubscribe from the sequence.
    @inlinable public func subscribe(_ on: @escaping (InfallibleEvent<Element>) -> Void) -> Disposable {
        self.asObservable().subscribe { event in
            switch event {
            case .next(let element):
                on(.next(element))
            case .completed:
                on(.completed)
            case .error(let error):
                Hooks.programmingErrorHandler("Infallible must never emit an error event. error: \(error)")
            }
        }
    }
}
