extension ObservableType {
    /// The `asMaybe` operator throws a `RxError.moreThanOneElement` if the source Observable does not emit at
    /// most one element before successfully completing.
    ///
    /// - seealso: [single operator on reactivex.io](http://reactivex.io/documentation/operators/first.html)
    ///
    ///     --1-----|         asMaybe()
    ///     --------(1|)      (the element is emitted when the source completes)
    ///     --------|         asMaybe()
    ///     --------|
    ///
    /// - returns: An observable sequence that emits a single element, completes when the source Observable has
    ///   completed, or throws an exception if more of them are emitted.
    public func asMaybe() -> Maybe<Element> {
        PrimitiveSequence(raw: AtMostOne(source: self.asObservable(), emptyIsError: false))
    }
}
