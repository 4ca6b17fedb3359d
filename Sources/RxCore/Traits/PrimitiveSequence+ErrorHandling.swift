extension PrimitiveSequence {
    /// Continues an observable sequence that is terminated by an error with the observable sequence produced by
    /// the handler.
    ///
    /// - seealso: [catch operator on reactivex.io](http://reactivex.io/documentation/operators/catch.html)
    ///
    ///     single:  -----#
    ///     handler:      --(7|)
    ///     result:  -------(7|)
    ///
    /// An error thrown by `handler` fails the result with that error.
    ///
    /// - parameter handler: Error handler function, producing another observable sequence.
    /// - returns: An observable sequence containing the source sequence's elements, followed by the elements
    ///   produced by the handler's resulting observable sequence in case an error occurred.
    public func `catch`(
        _ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>
    )
        -> PrimitiveSequence<Trait, Element>
    {
        PrimitiveSequence(raw: self.source.catch { try handler($0).asObservable() })
    }

    /// Repeats the sequence up to the specified number of attempts (inclusive of the initial attempt) while it
    /// fails.
    ///
    /// If the initial subscription to the observable sequence emits an error event, try repeating it up to the
    /// specified number of attempts or until is succeeds. For example, if you want to retry a sequence once upon
    /// failure, you should use retry(2) (once for the initial attempt, and once for the retry).
    ///
    /// - seealso: [retry operator on reactivex.io](http://reactivex.io/documentation/operators/retry.html)
    ///
    ///     single:  ---#   ---#   ---(1|)      (three attempts)
    ///     result:  -----------------(1|)      retry(3)
    ///
    /// Semantics as in `Observable.retry(_:)`.
    ///
    /// - parameter maxAttemptCount: Maximum number of times to attempt the sequence subscription.
    /// - returns: An observable sequence producing the elements of the given sequence repeatedly until it
    ///   terminates successfully.
    public func retry(_ maxAttemptCount: Int) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: self.source.retry(maxAttemptCount))
    }

    /// Repeats the source observable sequence on error when the notifier emits a next value.
    ///
    /// If the source observable errors and the notifier completes, it will complete the source sequence.
    ///
    /// - seealso: [retry operator on reactivex.io](http://reactivex.io/documentation/operators/retry.html)
    ///
    ///     single.retry(when: { (errors: Observable<HTTPError>) in errors.take(3) })
    ///
    /// Semantics as in `Observable.retry(when:)`.
    ///
    /// - parameter notificationHandler: A handler that is passed an observable sequence of errors raised by the
    ///   source observable and returns and observable that either continues, completes or errors. This behavior is
    ///   then applied to the source observable.
    /// - returns: An observable sequence producing the elements of the given sequence repeatedly until it
    ///   terminates successfully or is notified to error or complete.
    public func retry<TriggerObservable: ObservableType, Error: Swift.Error>(
        when notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: self.source.retry(when: notificationHandler))
    }

    /// Repeats the source observable sequence on error when the notifier emits a next value.
    ///
    /// If the source observable errors and the notifier completes, it will complete the source sequence.
    ///
    /// - seealso: [retry operator on reactivex.io](http://reactivex.io/documentation/operators/retry.html)
    ///
    ///     single.retry(when: { errors in errors.take(3) })
    ///
    /// Semantics as in `Observable.retry(when:)`.
    ///
    /// - parameter notificationHandler: A handler that is passed an observable sequence of errors raised by the
    ///   source observable and returns and observable that either continues, completes or errors. This behavior is
    ///   then applied to the source observable.
    /// - returns: An observable sequence producing the elements of the given sequence repeatedly until it
    ///   terminates successfully or is notified to error or complete.
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: self.source.retry(when: notificationHandler))
    }
}
