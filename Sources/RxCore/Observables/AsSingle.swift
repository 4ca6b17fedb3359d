extension ObservableType {
    /// The `asSingle` operator throws a `RxError.noElements` or `RxError.moreThanOneElement` if the source
    /// Observable does not emit exactly one element before successfully completing.
    ///
    /// - seealso: [single operator on reactivex.io](http://reactivex.io/documentation/operators/first.html)
    ///
    ///     --1-----|         asSingle()
    ///     --------(1|)      (the element is emitted when the source completes)
    ///     --1--2--|         asSingle()
    ///     -----#            (# = RxError.moreThanOneElement)
    ///
    /// - returns: An observable sequence that emits a single element when the source Observable has completed,
    ///   or throws an exception if more (or none) of them are emitted.
    public func asSingle() -> Single<Element> {
        PrimitiveSequence(raw: AtMostOne(source: self.asObservable(), emptyIsError: true))
    }
}
