extension ObservableType {
    /// Bypasses a specified number of elements in an observable sequence and then returns the remaining
    /// elements.
    ///
    /// - seealso: [skip operator on reactivex.io](http://reactivex.io/documentation/operators/skip.html)
    ///
    ///     --1--2--3--4--|      skip(2)
    ///     --------3--4--|
    ///
    /// RxSwift stops the process on a negative `count`; here the sequence fails with
    /// `RxError.argumentOutOfRange` instead.
    ///
    /// - parameter count: The number of elements to skip before returning the remaining elements.
    /// - returns: An observable sequence that contains the elements that occur after the specified index in the
    ///   input sequence.
    public func skip(_ count: Int) -> Observable<Element> {
        if count < 0 {
            return Observable.error(RxError.argumentOutOfRange)
        }
        return Counted(source: self.asObservable(), parameters: (mode: .skip, count: count))
    }
}
