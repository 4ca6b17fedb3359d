/// Sequence containing 0 or 1 elements
public enum MaybeTrait {}

/// Represents a push style sequence containing 0 or 1 element.
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

/// The result of a `Maybe`.
@frozen public enum MaybeEvent<Element> {
    /// One and only sequence element is produced. (underlying observable sequence emits: `.next(Element)`,
    /// `.completed`)
    case success(Element)

    /// Sequence terminated with an error. (underlying observable sequence emits: `.error(Error)`)
    case error(Swift.Error)

    /// Sequence completed successfully. (underlying observable sequence emits: `.completed`)
    case completed
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The observer a `Maybe.create` closure is given.
    public typealias MaybeObserver = (MaybeEvent<Element>) -> Void

    /// Creates an observable sequence from a specified subscribe method implementation.
    ///
    /// - parameter subscribe: Implementation of the resulting observable sequence's `subscribe` method.
    /// - returns: The observable sequence with the specified implementation for the `subscribe` method.
    public static func create(subscribe: @escaping (@escaping MaybeObserver) -> Disposable) -> Maybe<Element> {
        PrimitiveSequence.create(traitEvents: subscribe)
    }

    /// Subscribes `observer` to receive events for this sequence.
    ///
    /// - returns: Subscription for `observer` that can be used to cancel production of sequence elements and free
    ///   resources.
    public func subscribe(_ observer: @escaping (MaybeEvent<Element>) -> Void) -> Disposable {
        self.primitiveSequence.subscribe(traitEvents: observer)
    }

    /// Subscribes a success handler, an error handler, and a completion handler for this sequence.
    ///
    /// - parameter onSuccess: Action to invoke for each element in the observable sequence.
    /// - parameter onError: Action to invoke upon errored termination of the observable sequence.
    /// - parameter onCompleted: Action to invoke upon graceful termination of the observable sequence.
    /// - parameter onDisposed: Action to invoke upon any type of termination of sequence.
    /// - returns: Subscription object used to unsubscribe from the observable sequence.
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        self.primitiveSequence.subscribe(onDisposed: onDisposed) { (event: MaybeEvent<Element>) in
            switch event {
            case .success(let element):
                onSuccess?(element)
            case .error(let error):
                report(error, to: onError)
            case .completed:
                onCompleted?()
            }
        }
    }

    /// Returns an observable sequence that contains a single element.
    public static func just(_ element: Element) -> Maybe<Element> {
        Maybe(raw: Observable.just(element))
    }

    /// Returns an observable sequence that contains a single element, sent on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Maybe<Element> {
        Maybe(raw: Observable.just(element, scheduler: scheduler))
    }

    /// Returns an empty observable sequence, using the specified scheduler to send out the single `Completed`
    /// message.
    public static func empty() -> Maybe<Element> {
        Maybe(raw: Observable.empty())
    }

    /// Returns an observable sequence that terminates with an `error`.
    public static func error(_ error: Swift.Error) -> Maybe<Element> {
        Maybe(raw: Observable.error(error))
    }

    /// Returns a non-terminating observable sequence, which can be used to denote an infinite duration.
    public static func never() -> Maybe<Element> {
        Maybe(raw: Observable.never())
    }
}
