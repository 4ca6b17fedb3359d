extension ObservableType where Element == Never {
    /// Converts an observable sequence that cannot emit elements to a `Completable`.
    ///
    ///     --------|         ignoreElements().asCompletable()
    ///     --------|
    ///
    /// As in RxSwift 6, only `Observable<Never>` converts directly; use `ignoreElements()` first for others.
    ///
    /// - returns: An observable sequence that completes.
    public func asCompletable() -> Completable {
        PrimitiveSequence(raw: self.asObservable())
    }
}
