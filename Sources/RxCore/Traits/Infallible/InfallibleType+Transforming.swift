// Filtering and transforming an infallible sequence: the same operators as `Observable`'s, returning
// `Infallible`. Closures that RxSwift lets throw must not throw here (see `Infallible`).
extension InfallibleType {
    /// Filters the elements of an infallible sequence based on a predicate.
    ///
    ///     --1--2--3--4--|      filter { $0 % 2 == 0 }
    ///     -----2-----4--|
    ///
    /// - parameter predicate: A function to test each source element for a condition.
    /// - returns: An infallible sequence that contains elements from the input sequence that satisfy the
    ///   condition.
    @inlinable public func filter(_ predicate: @escaping (Element) -> Bool) -> Infallible<Element> {
        Infallible(self.asObservable().filter(predicate))
    }

    /// Projects each element of an infallible sequence into a new form.
    ///
    ///     --1--2--|      map { $0 * 10 }
    ///     --10-20-|
    ///
    /// - parameter transform: A transform function to apply to each source element.
    /// - returns: An infallible sequence whose elements are the result of invoking the transform function on
    ///   each element of source.
    @inlinable public func map<Result>(_ transform: @escaping (Element) -> Result) -> Infallible<Result> {
        Infallible(self.asObservable().map(transform))
    }

    /// Projects each element of an infallible sequence into an optional form and filters all optional results.
    ///
    /// - parameter transform: A transform function to apply to each source element.
    /// - returns: An infallible sequence of the non-nil results.
    @inlinable public func compactMap<Result>(_ transform: @escaping (Element) -> Result?) -> Infallible<Result> {
        Infallible(self.asObservable().compactMap(transform))
    }

    /// Returns an infallible sequence that contains only distinct contiguous elements according to the
    /// `keySelector`.
    @inlinable public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key)
        -> Infallible<Element>
    {
        Infallible(self.asObservable().distinctUntilChanged(keySelector, comparer: { $0 == $1 }))
    }

    /// Returns an infallible sequence that contains only distinct contiguous elements according to the
    /// `comparer`.
    @inlinable
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Infallible<Element> {
        Infallible(self.asObservable().distinctUntilChanged({ $0 }, comparer: comparer))
    }

    /// Returns an infallible sequence that contains only distinct contiguous elements according to the
    /// `keySelector` and the `comparer`.
    @inlinable public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) throws -> Key,
        comparer: @escaping (Key, Key) throws -> Bool
    ) -> Infallible<Element> {
        Infallible(self.asObservable().distinctUntilChanged(keySelector, comparer: comparer))
    }

    /// Returns an infallible sequence that contains only contiguous elements with distinct values in the provided
    /// key path on each object.
    @inlinable public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>)
        -> Infallible<Element>
    {
        Infallible(self.asObservable().distinctUntilChanged { $0[keyPath: keyPath] == $1[keyPath: keyPath] })
    }

    /// Applies an accumulator function over an infallible sequence and returns each intermediate result, the
    /// accumulator mutating the seed in place.
    ///
    /// - parameter seed: The initial accumulator value.
    /// - parameter accumulator: An accumulator function to be invoked on each element.
    /// - returns: An infallible sequence containing the accumulated values.
    @inlinable
    public func scan<Seed>(into seed: Seed, accumulator: @escaping (inout Seed, Element) -> Void) -> Infallible<Seed> {
        Infallible(self.asObservable().scan(into: seed, accumulator: accumulator))
    }

    /// Applies an accumulator function over an infallible sequence and returns each intermediate result.
    ///
    ///     --1--2--3--|      scan(0, accumulator: +)
    ///     --1--3--6--|
    ///
    /// - parameter seed: The initial accumulator value.
    /// - parameter accumulator: An accumulator function to be invoked on each element.
    /// - returns: An infallible sequence containing the accumulated values.
    @inlinable
    public func scan<Seed>(_ seed: Seed, accumulator: @escaping (Seed, Element) -> Seed) -> Infallible<Seed> {
        Infallible(self.asObservable().scan(seed, accumulator: accumulator))
    }

    /// Prepends a value to an infallible sequence.
    ///
    /// - parameter element: Element to prepend to the specified sequence.
    /// - returns: The source sequence prepended with the specified values.
    @inlinable public func startWith(_ element: Element) -> Infallible<Element> {
        Infallible(self.asObservable().startWith(element))
    }

    /// Provides an unretained, safe to use reference to an object along with the elements; the sequence
    /// completes once the object is released.
    ///
    /// - parameter obj: The object to provide an unretained reference on.
    /// - parameter resultSelector: A function to combine the unretained reference on `obj` and the element.
    /// - returns: An infallible sequence of the `resultSelector` results.
    @inlinable public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object,
        resultSelector: @escaping (Object, Element) -> Out
    ) -> Infallible<Out> {
        Infallible(self.asObservable().withUnretained(obj, resultSelector: resultSelector))
    }

    /// Provides an unretained, safe to use reference to an object along with the elements, as tuples; the
    /// sequence completes once the object is released.
    ///
    /// - parameter obj: The object to provide an unretained reference on.
    /// - returns: An infallible sequence of tuples of `obj` and the elements.
    @inlinable public func withUnretained<Object: AnyObject>(_ obj: Object) -> Infallible<(Object, Element)> {
        self.withUnretained(obj) { ($0, $1) }
    }
}

extension InfallibleType where Element: Equatable {
    /// Returns an infallible sequence that contains only distinct contiguous elements according to equality
    /// operator.
    ///
    ///     --1--1--2--2--1--|      distinctUntilChanged()
    ///     --1-----2-----1--|
    @inlinable public func distinctUntilChanged() -> Infallible<Element> {
        Infallible(self.asObservable().distinctUntilChanged())
    }
}

extension Infallible {
    /// Invokes an action for each event in the infallible sequence, and propagates all observer messages through
    /// the result sequence. The actions must not throw (as in RxSwift, whose signature keeps `throws`).
    ///
    /// - parameter onNext: Action to invoke for each element in the sequence.
    /// - parameter afterNext: Action to invoke for each element after it was passed downstream.
    /// - parameter onCompleted: Action to invoke upon graceful termination of the sequence.
    /// - parameter afterCompleted: Action to invoke after graceful termination of the sequence.
    /// - parameter onSubscribe: Action to invoke before subscribing to source sequence.
    /// - parameter onSubscribed: Action to invoke after subscribing to source sequence.
    /// - parameter onDispose: Action to invoke after subscription to source has been disposed for any reason.
    /// - returns: The source sequence with the side-effecting behavior applied.
    @inlinable public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Infallible<Element> {
        Infallible(
            self.asObservable().do(
                onNext: onNext,
                afterNext: afterNext,
                onCompleted: onCompleted,
                afterCompleted: afterCompleted,
                onSubscribe: onSubscribe,
                onSubscribed: onSubscribed,
                onDispose: onDispose
            )
        )
    }
}
