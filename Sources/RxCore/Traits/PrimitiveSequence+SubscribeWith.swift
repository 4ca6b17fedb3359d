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
            onSuccess: { [weak object] in
                guard let object else { return }
                onSuccess?(object, $0)
            },
            onFailure: { [weak object] in
                guard let object else { return }
                onFailure?(object, $0)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            }
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
            onSuccess: { [weak object] in
                guard let object else { return }
                onSuccess?(object, $0)
            },
            onError: { [weak object] in
                guard let object else { return }
                onError?(object, $0)
            },
            onCompleted: { [weak object] in
                guard let object else { return }
                onCompleted?(object)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            }
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
            onCompleted: { [weak object] in
                guard let object else { return }
                onCompleted?(object)
            },
            onError: { [weak object] in
                guard let object else { return }
                onError?(object, $0)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            }
        )
    }
}
