extension ObservableType {
    /// Returns a sequence emitting only element _n_ emitted by an Observable.
    ///
    /// - seealso: [elementAt operator on reactivex.io](http://reactivex.io/documentation/operators/elementat.html)
    ///
    ///     --a--b--c--|      element(at: 1)
    ///     -----b|
    ///
    /// If the source completes with fewer elements, the result fails with `RxError.argumentOutOfRange`. RxSwift
    /// stops the process on a negative `index`; here the sequence fails with `RxError.argumentOutOfRange`.
    ///
    /// - parameter index: The index of the required element (starting from 0).
    /// - returns: An observable sequence that emits the desired element as its own sole emission.
    public func element(at index: Int) -> Observable<Element> {
        if index < 0 {
            return Observable.error(RxError.argumentOutOfRange)
        }
        return Counted(source: self.asObservable(), parameters: (mode: .elementAt, count: index))
    }
}
