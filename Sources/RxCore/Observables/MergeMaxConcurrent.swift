extension ObservableType where Element: ObservableConvertibleType {
    /// Merges elements from all inner observable sequences into a single observable sequence, limiting the number
    /// of concurrent subscriptions to inner sequences.
    ///
    /// - seealso: [merge operator on reactivex.io](http://reactivex.io/documentation/operators/merge.html)
    ///
    ///     outer:  --xs--ys--zs---|       merge(maxConcurrent: 2)
    ///     xs: --1-----2|  ys: --3-----4|  zs: --5|
    ///     result: ----1---3-2---5-4--|   (zs waits in a queue until xs completes)
    ///
    /// Inner sequences beyond `maxConcurrent` wait in a queue, in arrival order, and are subscribed as running
    /// ones complete. `merge(maxConcurrent: 1)` is `concat()`. A `maxConcurrent` below 1 fails the sequence with
    /// `RxError.argumentOutOfRange` (RxSwift would never subscribe any inner sequence).
    ///
    /// - parameter maxConcurrent: Maximum number of inner observable sequences being subscribed to concurrently.
    /// - returns: The observable sequence that merges the elements of the inner sequences.
    public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        if maxConcurrent < 1 {
            return Observable.error(RxError.argumentOutOfRange)
        }
        return FlatMapProducer(
            source: self.asObservable(),
            parameters: (strategy: .limited(maxConcurrent), selector: { $0 })
        )
    }
}
