extension ObservableType {
    /// Bypasses elements in an observable sequence as long as a specified condition is true and then returns
    /// the remaining elements.
    ///
    /// - seealso: [skipWhile operator on reactivex.io](http://reactivex.io/documentation/operators/skipwhile.html)
    ///
    ///     --1--2--3--1--|      skip(while: { $0 < 3 })
    ///     --------3--1--|
    ///
    /// Once an element fails the condition, every later element is returned without testing it. An error thrown
    /// by `predicate` terminates the sequence with that error.
    ///
    /// - parameter predicate: A function to test each element for a condition.
    /// - returns: An observable sequence that contains the elements from the input sequence starting at the first
    ///   element in the linear series that does not pass the test specified by predicate.
    public func skip(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        WhilePredicate(source: self.asObservable(), parameters: (mode: .skipWhile, predicate: predicate))
    }
}
