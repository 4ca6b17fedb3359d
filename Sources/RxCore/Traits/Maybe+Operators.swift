extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Invokes an action for each event in the observable sequence, and propagates all observer messages through
    /// the result sequence.
    ///
    /// - seealso: [do operator on reactivex.io](http://reactivex.io/documentation/operators/do.html)
    ///
    ///     ---(1|)      do(onNext: { print($0) }, onCompleted: { print("empty or done") })
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
    ) -> Maybe<Element> {
        Maybe(
            raw: self.primitiveSequence.source.do(
                onNext: onNext,
                afterNext: afterNext,
                onError: onError,
                afterError: afterError,
                onCompleted: onCompleted,
                afterCompleted: afterCompleted,
                onSubscribe: onSubscribe,
                onSubscribed: onSubscribed,
                onDispose: onDispose
            )
        )
    }

    /// Filters the elements of an observable sequence based on a predicate.
    ///
    /// - seealso: [filter operator on reactivex.io](http://reactivex.io/documentation/operators/filter.html)
    ///
    ///     ---(1|)      filter { $0 > 1 }
    ///     ---|
    ///
    /// - parameter predicate: A function to test each source element for a condition.
    /// - returns: An observable sequence that contains elements from the input sequence that satisfy the
    ///   condition.
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
        Maybe(raw: self.primitiveSequence.source.filter(predicate))
    }

    /// Projects each element of an observable sequence into a new form.
    ///
    /// - seealso: [map operator on reactivex.io](http://reactivex.io/documentation/operators/map.html)
    ///
    ///     ---(1|)      map { $0 * 10 }
    ///     ---(10|)
    ///
    /// - parameter transform: A transform function to apply to each source element.
    /// - returns: An observable sequence whose elements are the result of invoking the transform function on each
    ///   element of source.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Maybe<Result> {
        Maybe(raw: self.primitiveSequence.source.map(transform))
    }

    /// Projects each element of an observable sequence into an optional form and filters all optional results.
    ///
    ///     ---("x"|)      compactMap { Int($0) }
    ///     ---|
    ///
    /// - parameter transform: A transform function to apply to each source element.
    /// - returns: An observable sequence whose elements are the result of filtering the transform function for
    ///   each element of the source.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Maybe<Result> {
        Maybe(raw: self.primitiveSequence.source.compactMap(transform))
    }

    /// Projects each element of an observable sequence to an observable sequence and merges the resulting
    /// observable sequences into one observable sequence.
    ///
    /// - seealso: [flatMap operator on reactivex.io](http://reactivex.io/documentation/operators/flatmap.html)
    ///
    ///     ---(1|)          flatMap { cache.lookup($0) }
    ///     ------(hit|)
    ///
    /// - parameter selector: A transform function to apply to each element.
    /// - returns: An observable sequence whose elements are the result of invoking the one-to-many transform
    ///   function on each element of the input sequence.
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
        Maybe<Result>(raw: self.primitiveSequence.source.flatMap(selector))
    }

    /// Emits elements from the source observable sequence, or a default element if the source observable
    /// sequence is empty.
    ///
    /// - seealso: [DefaultIfEmpty operator on reactivex.io](http://reactivex.io/documentation/operators/defaultifempty.html)
    ///
    ///     ---|         ifEmpty(default: 0)
    ///     ---(0|)      (a Single)
    ///
    /// - parameter default: Default element to be sent if the source does not emit any elements
    /// - returns: An observable sequence which emits default element end completes in case the original sequence
    ///   is empty
    public func ifEmpty(default: Element) -> Single<Element> {
        Single(raw: self.primitiveSequence.source.ifEmpty(default: `default`))
    }

    /// Returns the elements of the specified sequence or `other` sequence if the sequence is empty.
    ///
    /// - seealso: [DefaultIfEmpty operator on reactivex.io](http://reactivex.io/documentation/operators/defaultifempty.html)
    ///
    ///     ---|          ifEmpty(switchTo: otherMaybe)
    ///     ----(7|)
    ///
    /// - parameter other: Observable sequence being returned when source sequence is empty.
    /// - returns: Observable sequence that contains elements from switchTo sequence if source is empty, otherwise
    ///   returns source sequence elements.
    public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
        Maybe(raw: self.primitiveSequence.source.ifEmpty(switchTo: other.primitiveSequence.source))
    }

    /// Returns the elements of the specified sequence or `other` sequence if the sequence is empty.
    ///
    /// - seealso: [DefaultIfEmpty operator on reactivex.io](http://reactivex.io/documentation/operators/defaultifempty.html)
    ///
    ///     ---|          ifEmpty(switchTo: otherSingle)
    ///     ----(7|)      (a Single)
    ///
    /// - parameter other: Observable sequence being returned when source sequence is empty.
    /// - returns: Observable sequence that contains elements from switchTo sequence if source is empty, otherwise
    ///   returns source sequence elements.
    public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
        Single(raw: self.primitiveSequence.source.ifEmpty(switchTo: other.primitiveSequence.source))
    }

    /// Continues an observable sequence that is terminated by an error with a single element.
    ///
    /// - seealso: [catch operator on reactivex.io](http://reactivex.io/documentation/operators/catch.html)
    ///
    ///     ---#         catchAndReturn(0)
    ///     ---(0|)
    ///
    /// - parameter element: Last element in an observable sequence in case error occurs.
    /// - returns: An observable sequence containing the source sequence's elements, followed by the `element` in
    ///   case an error occurred.
    public func catchAndReturn(_ element: Element) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: self.primitiveSequence.source.catchAndReturn(element))
    }
}
