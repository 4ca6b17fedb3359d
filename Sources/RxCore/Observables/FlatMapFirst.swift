extension ObservableType {
    /// Projects each element of an observable sequence to an observable sequence and merges the resulting
    /// observable sequences into one observable sequence, ignoring elements that arrive while one runs.
    ///
    /// If element is received while there is some projected observable sequence being merged it will simply be
    /// ignored.
    ///
    /// - seealso: [flatMapFirst operator on reactivex.io](http://reactivex.io/documentation/operators/flatmap.html)
    ///
    ///     outer:  --1--2-------3----|
    ///     1 -> --a--b|     3 -> -c|
    ///     result: ----a--b------c---|      (2 arrives while 1's sequence runs: ignored, `selector` not called)
    ///
    /// - parameter selector: A transform function to apply to element that was observed while no observable is
    ///   executing in parallel.
    /// - returns: An observable sequence whose elements are the result of invoking the one-to-many transform
    ///   function on each element of the input sequence that was received while no other sequence was being
    ///   calculated.
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    )
        -> Observable<Source.Element>
    {
        FlatMapProducer(source: self.asObservable(), parameters: (strategy: .first, selector: selector))
    }
}
