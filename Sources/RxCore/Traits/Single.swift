/// Sequence containing exactly 1 element
public enum SingleTrait {}

/// Represents a push style sequence containing 1 element.
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// The result of a `Single`: its element, or the error it failed with.
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The observer a `Single.create` closure is given.
    public typealias SingleObserver = (SingleEvent<Element>) -> Void

    /// Creates an observable sequence from a specified subscribe method implementation.
    ///
    /// - seealso: [create operator on reactivex.io](http://reactivex.io/documentation/operators/create.html)
    ///
    /// - parameter subscribe: Implementation of the resulting observable sequence's `subscribe` method.
    /// - returns: The observable sequence with the specified implementation for the `subscribe` method.
    public static func create(subscribe: @escaping (@escaping SingleObserver) -> Disposable) -> Single<Element> {
        PrimitiveSequence.create(traitEvents: subscribe)
    }

    /// Subscribes `observer` to receive events for this sequence.
    ///
    /// - returns: Subscription for `observer` that can be used to cancel production of sequence elements and free
    ///   resources.
    public func subscribe(_ observer: @escaping (SingleEvent<Element>) -> Void) -> Disposable {
        self.primitiveSequence.subscribe(traitEvents: observer)
    }

    /// Subscribes a success handler, and an error handler for this sequence.
    ///
    /// - parameter onSuccess: Action to invoke for each element in the observable sequence.
    /// - parameter onFailure: Action to invoke upon errored termination of the observable sequence.
    /// - parameter onDisposed: Action to invoke upon any type of termination of sequence (if the sequence has
    ///   gracefully completed, errored, or if the generation is canceled by disposing subscription).
    /// - returns: Subscription object used to unsubscribe from the observable sequence.
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onFailure: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        self.primitiveSequence.subscribe(onDisposed: onDisposed) { (event: SingleEvent<Element>) in
            switch event {
            case .success(let element):
                onSuccess?(element)
            case .failure(let error):
                report(error, to: onFailure)
            }
        }
    }

    /// Returns an observable sequence that contains a single element.
    ///
    /// - parameter element: Single element in the resulting observable sequence.
    /// - returns: An observable sequence containing the single specified element.
    public static func just(_ element: Element) -> Single<Element> {
        Single(raw: Observable.just(element))
    }

    /// Returns an observable sequence that contains a single element, sent on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Single<Element> {
        Single(raw: Observable.just(element, scheduler: scheduler))
    }

    /// Returns an observable sequence that terminates with an `error`.
    ///
    /// - returns: The observable sequence that terminates with specified error.
    public static func error(_ error: Swift.Error) -> Single<Element> {
        PrimitiveSequence(raw: Observable.error(error))
    }

    /// Returns a non-terminating observable sequence, which can be used to denote an infinite duration.
    ///
    /// - returns: An observable sequence whose observers will never get called.
    public static func never() -> Single<Element> {
        PrimitiveSequence(raw: Observable.never())
    }

    /// Projects each element of an observable sequence into a new form.
    ///
    /// - parameter transform: A transform function to apply to each source element.
    /// - returns: A Single whose element is the result of invoking the transform function on the element of
    ///   source.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Single<Result> {
        Single(raw: self.primitiveSequence.source.map(transform))
    }
}
