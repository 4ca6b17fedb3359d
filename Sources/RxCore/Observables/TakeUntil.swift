extension ObservableType {
    /// Returns the elements from the source observable sequence until the other observable sequence produces an
    /// element.
    ///
    /// - seealso: [takeUntil operator on reactivex.io](http://reactivex.io/documentation/operators/takeuntil.html)
    ///
    ///     source: --1--2--3--4--|
    ///     other:  --------x------
    ///     result: --1--2--|
    ///
    /// As in RxSwift: an element from `other` completes the result; an error from `other` fails it; `other`
    /// completing without an element is ignored (the source keeps flowing). `other` is subscribed first.
    ///
    /// - parameter other: Observable sequence that terminates propagation of elements of the source sequence.
    /// - returns: An observable sequence containing the elements of the source sequence up to the point the
    ///   other sequence interrupted further propagation.
    public func take<Source: ObservableType>(until other: Source) -> Observable<Element> {
        UntilOther(source: self.asObservable(), other: other.asObservable(), taking: true)
    }

    /// Returns elements from an observable sequence until the specified condition is true.
    ///
    /// - seealso: [takeUntil operator on reactivex.io](http://reactivex.io/documentation/operators/takeuntil.html)
    ///
    ///     --1--2--3--4--|      take(until: { $0 == 3 }, behavior: .exclusive)
    ///     --1--2--|
    ///     --1--2--3|           (behavior: .inclusive)
    ///
    /// An error thrown by `predicate` terminates the sequence with that error.
    ///
    /// - parameter predicate: A function to test each element for a condition.
    /// - parameter behavior: Whether or not to include the last element matching the predicate. Defaults to
    ///   `exclusive`.
    /// - returns: An observable sequence that contains the elements from the input sequence that occur before
    ///   the element at which the test passes.
    public func take(
        until predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        let mode = WhilePredicateMode.takeUntil(inclusive: behavior == .inclusive)
        return WhilePredicate(source: self.asObservable(), parameters: (mode: mode, predicate: predicate))
    }
}
