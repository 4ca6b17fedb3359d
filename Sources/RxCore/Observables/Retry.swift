extension ObservableType {
    /// Repeats the source observable sequence until it successfully terminates.
    ///
    /// **This could potentially create an infinite sequence.**
    ///
    /// - seealso: [retry operator on reactivex.io](http://reactivex.io/documentation/operators/retry.html)
    ///
    ///     source:  --1--#                 (each subscription)
    ///     result:  --1----1----1-- …      retry()
    ///
    /// Resubscription is trampolined, so a source that fails synchronously does not grow the stack.
    ///
    /// - returns: Observable sequence to repeat until it successfully terminates.
    public func retry() -> Observable<Element> {
        CatchSequence(sources: sequence(first: self.asObservable()) { $0 })
    }

    /// Repeats the source observable sequence the specified number of times in case of an error or until it
    /// successfully terminates.
    ///
    /// If you encounter an error and want it to retry once, then you must use `retry(2)`
    ///
    /// - seealso: [retry operator on reactivex.io](http://reactivex.io/documentation/operators/retry.html)
    ///
    ///     source:  --1--#                 (each subscription)
    ///     result:  --1----1----#          retry(2)
    ///
    /// As in RxSwift, `retry(0)` completes at once without subscribing. RxSwift stops the process on a negative
    /// count; here the sequence fails with `RxError.argumentOutOfRange` instead.
    ///
    /// - parameter maxAttemptCount: Maximum number of times to repeat the sequence.
    /// - returns: An observable sequence producing the elements of the given sequence repeatedly until it
    ///   terminates successfully.
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        if maxAttemptCount < 0 {
            return Observable.error(RxError.argumentOutOfRange)
        }
        return CatchSequence(sources: Swift.repeatElement(self.asObservable(), count: maxAttemptCount))
    }
}
