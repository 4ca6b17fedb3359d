extension ObservableType {
    /// Returns a specified number of contiguous elements from the start of an observable sequence.
    ///
    /// - seealso: [take operator on reactivex.io](http://reactivex.io/documentation/operators/take.html)
    ///
    ///     --1--2--3--4--|      take(2)
    ///     --1--2|
    ///
    /// The sequence completes (and unsubscribes from the source) as soon as the `count`-th element was sent;
    /// `take(0)` completes at once without subscribing to the source. RxSwift stops the process on a negative
    /// `count`; here the sequence fails with `RxError.argumentOutOfRange` instead.
    ///
    /// - parameter count: The number of elements to return.
    /// - returns: An observable sequence that contains the specified number of elements from the start of the
    ///   input sequence.
    public func take(_ count: Int) -> Observable<Element> {
        if count < 0 {
            return Observable.error(RxError.argumentOutOfRange)
        }
        if count == 0 {
            return Observable.empty()
        }
        return Counted(source: self.asObservable(), parameters: (mode: .take, count: count))
    }
}
