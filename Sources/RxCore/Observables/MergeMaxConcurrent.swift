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
        return MergeLimited(source: self.asObservable(), maxConcurrent: maxConcurrent)
    }
}

private final class MergeLimitedBasicSink<SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    MergeLimitedSink<SourceSequence, SourceSequence, Observer>, @unchecked Sendable
where Observer.Element == SourceSequence.Element {
    override func performMap(_ element: SourceSequence) throws -> SourceSequence {
        element
    }
}

private final class MergeLimited<SourceSequence: ObservableConvertibleType>: Producer<SourceSequence.Element>,
    @unchecked Sendable
{
    private let source: Observable<SourceSequence>
    private let maxConcurrent: Int

    init(source: Observable<SourceSequence>, maxConcurrent: Int) {
        self.source = source
        self.maxConcurrent = maxConcurrent
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == SourceSequence.Element {
        let sink = MergeLimitedBasicSink<SourceSequence, Observer>(
            maxConcurrent: self.maxConcurrent,
            observer: observer,
            cancel: cancel
        )
        let subscription = sink.run(self.source)
        return (sink: sink, subscription: subscription)
    }
}
