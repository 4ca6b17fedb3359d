// RxSwift 6's `subscribe(with:…)` for the traits: the handlers receive `object`, held weakly, so they need no
// `[weak self]`; once `object` is released, no handler runs.

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Subscribes a success handler, an error handler and a disposed handler, passing `object` (held weakly) to
    /// each.
    ///
    /// - Note: If `object` can't be retained, none of the other closures will be invoked.
    /// - parameter object: The object to provide an unretained reference on.
    /// - parameter onSuccess: Action to invoke for each element in the observable sequence.
    /// - parameter onFailure: Action to invoke upon errored termination of the observable sequence.
    /// - parameter onDisposed: Action to invoke upon any type of termination of sequence.
    /// - returns: Subscription object used to unsubscribe from the observable sequence.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onFailure: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        self.subscribe(
            onSuccess: unretained(object, onSuccess),
            onFailure: unretained(object, onFailure),
            onDisposed: unretained(object, onDisposed)
        )
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Subscribes a success handler, an error handler, a completion handler and a disposed handler, passing
    /// `object` (held weakly) to each.
    ///
    /// - Note: If `object` can't be retained, none of the other closures will be invoked.
    /// - parameter object: The object to provide an unretained reference on.
    /// - returns: Subscription object used to unsubscribe from the observable sequence.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        self.subscribe(
            onSuccess: unretained(object, onSuccess),
            onError: unretained(object, onError),
            onCompleted: unretained(object, onCompleted),
            onDisposed: unretained(object, onDisposed)
        )
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Subscribes a completion handler, an error handler and a disposed handler, passing `object` (held weakly)
    /// to each.
    ///
    /// - Note: If `object` can't be retained, none of the other closures will be invoked.
    /// - parameter object: The object to provide an unretained reference on.
    /// - returns: Subscription object used to unsubscribe from the observable sequence.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onCompleted: ((Object) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        self.subscribe(
            onCompleted: unretained(object, onCompleted),
            onError: unretained(object, onError),
            onDisposed: unretained(object, onDisposed)
        )
    }
}
