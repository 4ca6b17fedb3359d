extension ObservableType {
    /// Projects each element of an observable sequence to an observable sequence and concatenates the resulting
    /// observable sequences into one observable sequence.
    ///
    /// - seealso: [concat operator on reactivex.io](http://reactivex.io/documentation/operators/concat.html)
    ///
    ///     outer:  --1--2-----------|
    ///     1 -> --a---b|    2 -> --c|
    ///     result: ----a---b--c-----|      (2's sequence is subscribed when 1's completes)
    ///
    /// `selector` runs as soon as each outer element arrives; the sequences it returns are subscribed one at a
    /// time, in order.
    ///
    /// - parameter selector: A transform function to apply to each element.
    /// - returns: An observable sequence that contains the elements of each observed inner sequence, in
    ///   sequential order.
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    )
        -> Observable<Source.Element>
    {
        FlatMapProducer(source: self.asObservable(), parameters: (strategy: .limited(1), selector: selector))
    }
}
