extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Invokes an action for each event in the observable sequence, and propagates all observer messages through
    /// the result sequence.
    ///
    /// - seealso: [do operator on reactivex.io](http://reactivex.io/documentation/operators/do.html)
    ///
    ///     ----|      do(onCompleted: { print("saved") })
    ///
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
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Completable {
        Completable(
            raw: self.primitiveSequence.source.do(
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

    /// Concatenates the second observable sequence to `self` upon successful termination of `self`.
    ///
    /// - seealso: [concat operator on reactivex.io](http://reactivex.io/documentation/operators/concat.html)
    ///
    ///     self:   ---|
    ///     second:    ---|       (subscribed when self completes)
    ///     result: ------|
    ///
    /// - parameter second: Second observable sequence.
    /// - returns: An observable sequence that contains the elements of `self`, followed by those of the second
    ///   sequence.
    public func concat(_ second: Completable) -> Completable {
        Completable.concat(self.primitiveSequence, second)
    }

    /// Concatenates all observable sequences in the given sequence, as long as the previous observable sequence
    /// terminated successfully.
    ///
    /// - seealso: [concat operator on reactivex.io](http://reactivex.io/documentation/operators/concat.html)
    ///
    /// The sequence is consumed lazily, as in `Observable.concat(_:)`.
    ///
    /// - returns: An observable sequence that contains the elements of each given sequence, in sequential order.
    public static func concat<Sources: Sequence>(_ sequence: Sources) -> Completable
    where Sources.Element == Completable {
        Completable(raw: Observable.concat(sequence.lazy.map { $0.asObservable() }))
    }

    /// Concatenates all observable sequences in the given collection, as long as the previous observable sequence
    /// terminated successfully.
    ///
    /// - seealso: [concat operator on reactivex.io](http://reactivex.io/documentation/operators/concat.html)
    ///
    /// - returns: An observable sequence that contains the elements of each given sequence, in sequential order.
    public static func concat<Sources: Collection>(_ collection: Sources) -> Completable
    where Sources.Element == Completable {
        Completable(raw: Observable.concat(collection.map { $0.asObservable() }))
    }

    /// Concatenates all observable sequences in the given sequence, as long as the previous observable sequence
    /// terminated successfully.
    ///
    /// - seealso: [concat operator on reactivex.io](http://reactivex.io/documentation/operators/concat.html)
    ///
    /// - returns: An observable sequence that contains the elements of each given sequence, in sequential order.
    public static func concat(_ sources: Completable...) -> Completable {
        Completable(raw: Observable.concat(sources.map { $0.asObservable() }))
    }

    /// Merges the completion of all Completables from a collection into a single Completable.
    ///
    /// - seealso: [merge operator on reactivex.io](http://reactivex.io/documentation/operators/merge.html)
    ///
    ///     a:      ---|
    ///     b:      -----|
    ///     result: -----|       Completable.zip([a, b])
    ///
    /// For `Completable`, `zip` is `merge`: all run at once; the first error fails the result.
    ///
    /// - parameter sources: Collection of Completables to merge.
    /// - returns: A Completable that merges the completion of all Completables.
    public static func zip<Sources: Collection>(_ sources: Sources) -> Completable
    where Sources.Element == Completable {
        Completable(raw: Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Merges the completion of all Completables from an array into a single Completable.
    ///
    /// - seealso: [merge operator on reactivex.io](http://reactivex.io/documentation/operators/merge.html)
    ///
    /// For `Completable`, `zip` is `merge`.
    ///
    /// - parameter sources: Array of observable sequences to merge.
    /// - returns: A Completable that merges the completion of all Completables.
    public static func zip(_ sources: [Completable]) -> Completable {
        Completable(raw: Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Merges the completion of all Completables into a single Completable.
    ///
    /// - seealso: [merge operator on reactivex.io](http://reactivex.io/documentation/operators/merge.html)
    ///
    /// For `Completable`, `zip` is `merge`.
    ///
    /// - parameter sources: Collection of observable sequences to merge.
    /// - returns: The observable sequence that merges the elements of the observable sequences.
    public static func zip(_ sources: Completable...) -> Completable {
        Completable(raw: Observable.merge(sources.map { $0.asObservable() }))
    }
}
