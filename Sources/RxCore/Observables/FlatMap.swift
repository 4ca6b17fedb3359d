extension ObservableType {
    /// Projects each element of an observable sequence to an observable sequence and merges the resulting
    /// observable sequences into one observable sequence.
    ///
    /// - seealso: [flatMap operator on reactivex.io](http://reactivex.io/documentation/operators/flatmap.html)
    ///
    ///     outer:  --1--------2------|
    ///     1 -> ---a---b|   2 -> --c---d|
    ///     result: -----a---b-c---d--|
    ///
    /// Every inner sequence is subscribed as soon as its element arrives and they all run concurrently. The
    /// result completes when the outer sequence and every inner sequence have completed; an error from any of
    /// them, or thrown by `selector`, fails it.
    ///
    /// - parameter selector: A transform function to apply to each element.
    /// - returns: An observable sequence whose elements are the result of invoking the one-to-many transform
    ///   function on each element of the input sequence.
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    )
        -> Observable<Source.Element>
    {
        FlatMapProducer(source: self.asObservable(), parameters: (strategy: .merge, selector: selector))
    }
}
