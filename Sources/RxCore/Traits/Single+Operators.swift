extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Invokes an action for each event in the observable sequence, and propagates all observer messages through
    /// the result sequence.
    ///
    /// - seealso: [do operator on reactivex.io](http://reactivex.io/documentation/operators/do.html)
    ///
    ///     ---(1|)      do(onSuccess: { print($0) })
    ///     ---(1|)      (prints 1)
    ///
    /// - parameter onSuccess: Action to invoke for each element in the observable sequence.
    /// - parameter afterSuccess: Action to invoke for each element after the observable has passed an onNext
    ///   event along to its downstream.
    /// - parameter onError: Action to invoke upon errored termination of the observable sequence.
    /// - parameter afterError: Action to invoke after errored termination of the observable sequence.
    /// - parameter onSubscribe: Action to invoke before subscribing to source observable sequence.
    /// - parameter onSubscribed: Action to invoke after subscribing to source observable sequence.
    /// - parameter onDispose: Action to invoke after subscription to source observable has been disposed for any
    ///   reason. It can be either because sequence terminates for some reason or observer subscription being
    ///   disposed.
    /// - returns: The source sequence with the side-effecting behavior applied.
    public func `do`(
        onSuccess: ((Element) throws -> Void)? = nil,
        afterSuccess: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Single<Element> {
        Single(
            raw: self.primitiveSequence.source.do(
                onNext: onSuccess,
                afterNext: afterSuccess,
                onError: onError,
                afterError: afterError,
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
    ///     ---|         (a Maybe: the element did not pass)
    ///
    /// - parameter predicate: A function to test each source element for a condition.
    /// - returns: An observable sequence that contains elements from the input sequence that satisfy the
    ///   condition.
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
        Maybe(raw: self.primitiveSequence.source.filter(predicate))
    }

    /// Projects each element of an observable sequence into an optional form and filters all optional results.
    ///
    ///     ---("x"|)      compactMap { Int($0) }
    ///     ---|           (a Maybe)
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
    ///     ---(1|)          flatMap { fetchUser(id: $0) }
    ///     --------(user|)
    ///
    /// - parameter selector: A transform function to apply to each element.
    /// - returns: An observable sequence whose elements are the result of invoking the one-to-many transform
    ///   function on each element of the input sequence.
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Single<Result>) -> Single<Result> {
        Single<Result>(raw: self.primitiveSequence.source.flatMap(selector))
    }

    /// Projects each element of an observable sequence to a `Maybe` and merges the result.
    ///
    /// - seealso: [flatMap operator on reactivex.io](http://reactivex.io/documentation/operators/flatmap.html)
    ///
    ///     ---(1|)          flatMapMaybe { cache.lookup($0) }
    ///     -----|           (a Maybe: the lookup found nothing)
    ///
    /// - parameter selector: A transform function to apply to each element.
    /// - returns: An observable sequence whose elements are the result of invoking the one-to-many transform
    ///   function on each element of the input sequence.
    public func flatMapMaybe<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
        Maybe<Result>(raw: self.primitiveSequence.source.flatMap(selector))
    }

    /// Projects each element of an observable sequence to a `Completable` and merges the result.
    ///
    /// - seealso: [flatMap operator on reactivex.io](http://reactivex.io/documentation/operators/flatmap.html)
    ///
    ///     ---(1|)          flatMapCompletable { store.save($0) }
    ///     --------|
    ///
    /// - parameter selector: A transform function to apply to each element.
    /// - returns: An observable sequence whose elements are the result of invoking the one-to-many transform
    ///   function on each element of the input sequence.
    public func flatMapCompletable(_ selector: @escaping (Element) throws -> Completable) -> Completable {
        Completable(raw: self.primitiveSequence.source.flatMap(selector))
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

    /// Converts `self` to `Maybe` trait.
    ///
    /// - returns: Maybe trait that represents `self`.
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: self.primitiveSequence.source)
    }

    /// Converts `self` to `Completable` trait, ignoring its emitted value if one exists.
    ///
    /// - returns: Completable trait that represents `self`.
    public func asCompletable() -> Completable {
        self.primitiveSequence.source.ignoreElements().asCompletable()
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Merges the specified singles into one single whose element is the array of their elements, in order, by
    /// using the selector function.
    ///
    ///     Single.zip([fetchA, fetchB]) { $0.joined() }
    ///
    /// An empty collection succeeds at once with `resultSelector([])`; the first failure fails the result.
    ///
    /// - parameter resultSelector: Function to invoke with the elements of all the sources.
    /// - returns: A single containing the result of combining elements of the sources using the specified result
    ///   selector function.
    public static func zip<Sources: Collection, Result>(
        _ collection: Sources,
        resultSelector: @escaping ([Element]) throws -> Result
    ) -> PrimitiveSequence<Trait, Result> where Sources.Element == PrimitiveSequence<Trait, Element> {
        if collection.isEmpty {
            return PrimitiveSequence<Trait, Result>.deferred {
                try PrimitiveSequence<Trait, Result>(raw: .just(resultSelector([])))
            }
        }
        return PrimitiveSequence<Trait, Result>(
            raw: Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector)
        )
    }

    /// Merges the specified singles into one single whose element is the array of their elements, in order.
    ///
    ///     Single.zip([fetchA, fetchB])   // --([a, b]|)
    ///
    /// An empty collection succeeds at once with `[]`; the first failure fails the result.
    ///
    /// - returns: A single containing the elements of the sources.
    public static func zip<Sources: Collection>(_ collection: Sources) -> PrimitiveSequence<Trait, [Element]>
    where Sources.Element == PrimitiveSequence<Trait, Element> {
        if collection.isEmpty {
            return PrimitiveSequence<Trait, [Element]>(raw: .just([]))
        }
        return PrimitiveSequence<Trait, [Element]>(raw: Observable.zip(collection.map { $0.asObservable() }))
    }
}
