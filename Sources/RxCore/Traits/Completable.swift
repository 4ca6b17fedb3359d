/// Sequence containing 0 elements
public enum CompletableTrait {}

/// Represents a push style sequence containing 0 elements.
public typealias Completable = PrimitiveSequence<CompletableTrait, Swift.Never>

/// The result of a `Completable`.
@frozen public enum CompletableEvent {
    /// Sequence terminated with an error. (underlying observable sequence emits: `.error(Error)`)
    case error(Swift.Error)

    /// Sequence completed successfully.
    case completed
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// The observer a `Completable.create` closure is given.
    public typealias CompletableObserver = (CompletableEvent) -> Void

    /// Creates an observable sequence from a specified subscribe method implementation.
    ///
    /// - parameter subscribe: Implementation of the resulting observable sequence's `subscribe` method.
    /// - returns: The observable sequence with the specified implementation for the `subscribe` method.
    public static func create(subscribe: @escaping (@escaping CompletableObserver) -> Disposable)
        -> PrimitiveSequence<Trait, Element>
    {
        PrimitiveSequence.create(traitEvents: subscribe)
    }

    /// Subscribes `observer` to receive events for this sequence.
    ///
    /// - returns: Subscription for `observer` that can be used to cancel production of sequence elements and free
    ///   resources.
    public func subscribe(_ observer: @escaping (CompletableEvent) -> Void) -> Disposable {
        self.primitiveSequence.subscribe(traitEvents: observer)
    }

    /// Subscribes a completion handler and an error handler for this sequence.
    ///
    /// - parameter onCompleted: Action to invoke upon graceful termination of the observable sequence.
    /// - parameter onError: Action to invoke upon errored termination of the observable sequence.
    /// - parameter onDisposed: Action to invoke upon any type of termination of sequence.
    /// - returns: Subscription object used to unsubscribe from the observable sequence.
    public func subscribe(
        onCompleted: (() -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        self.primitiveSequence.subscribe(onDisposed: onDisposed) { (event: CompletableEvent) in
            switch event {
            case .error(let error):
                report(error, to: onError)
            case .completed:
                onCompleted?()
            }
        }
    }

    /// Returns an empty observable sequence, using the specified scheduler to send out the single `Completed`
    /// message.
    public static func empty() -> Completable {
        Completable(raw: Observable.empty())
    }

    /// Returns an observable sequence that terminates with an `error`.
    public static func error(_ error: Swift.Error) -> Completable {
        PrimitiveSequence(raw: Observable.error(error))
    }

    /// Returns a non-terminating observable sequence, which can be used to denote an infinite duration.
    public static func never() -> Completable {
        PrimitiveSequence(raw: Observable.never())
    }
}
