extension ObservableType {
    /// Returns elements from an observable sequence as long as a specified condition is true.
    ///
    /// - seealso: [takeWhile operator on reactivex.io](http://reactivex.io/documentation/operators/takewhile.html)
    ///
    ///     --1--2--3--4--|      take(while: { $0 < 3 })
    ///     --1--2--|
    ///     --1--2--3|           (behavior: .inclusive)
    ///
    /// The sequence completes at the first element failing the condition. An error thrown by `predicate`
    /// terminates the sequence with that error.
    ///
    /// - parameter predicate: A function to test each element for a condition.
    /// - parameter behavior: Whether or not to include the last element not matching the predicate. Defaults to
    ///   `exclusive`.
    /// - returns: An observable sequence that contains the elements from the input sequence that occur before the
    ///   element at which the test no longer passes.
    public func take(
        while predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        self.take(until: { try !predicate($0) }, behavior: behavior)
    }
}
