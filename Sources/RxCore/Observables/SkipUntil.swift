extension ObservableType {
    /// Returns the elements from the source observable sequence that are emitted after the other observable
    /// sequence produces an element.
    ///
    /// - seealso: [skipUntil operator on reactivex.io](http://reactivex.io/documentation/operators/skipuntil.html)
    ///
    ///     source: --1--2--3--4--|
    ///     other:  -------x-------
    ///     result: --------3--4--|
    ///
    /// As in RxSwift: an error from `other` fails the result; `other` completing without an element leaves the
    /// gate closed; and if the source completes while the gate is still closed, the result does not complete —
    /// the subscription just ends.
    ///
    /// - parameter other: Observable sequence that starts propagation of elements of the source sequence.
    /// - returns: An observable sequence containing the elements of the source sequence that are emitted after
    ///   the other sequence emits an item.
    public func skip<Source: ObservableType>(until other: Source) -> Observable<Element> {
        UntilOther(source: self.asObservable(), other: other.asObservable(), taking: false)
    }
}
