extension ObservableType where Element: ObservableConvertibleType {
    /// Merges elements from all observable sequences in the given enumerable sequence into a single observable
    /// sequence.
    ///
    /// - seealso: [merge operator on reactivex.io](http://reactivex.io/documentation/operators/merge.html)
    ///
    ///     outer:  --xs-------ys-----|
    ///     xs:       --1---2|
    ///     ys:                --3|
    ///     result: ----1---2----3----|
    ///
    /// The result completes when the outer sequence and every inner sequence have completed.
    ///
    /// - returns: The observable sequence that merges the elements of the observable sequences.
    public func merge() -> Observable<Element.Element> {
        FlatMapProducer(source: self.asObservable(), parameters: (strategy: .merge, selector: { $0 }))
    }
}

extension ObservableType {
    /// Merges elements from all observable sequences from collection into a single observable sequence.
    ///
    /// - seealso: [merge operator on reactivex.io](http://reactivex.io/documentation/operators/merge.html)
    ///
    ///     xs:     --1-----2--|
    ///     ys:     -----3------|
    ///     result: --1--3--2---|      Observable.merge([xs, ys])
    ///
    /// All sources are subscribed at once, in order. The result completes when all of them have completed;
    /// the first error fails it.
    ///
    /// - parameter sources: Collection of observable sequences to merge.
    /// - returns: The observable sequence that merges the elements of the observable sequences.
    public static func merge<Sources: Collection>(_ sources: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        MergeArray(sources: Array(sources))
    }

    /// Merges elements from all observable sequences from array into a single observable sequence.
    ///
    /// - seealso: [merge operator on reactivex.io](http://reactivex.io/documentation/operators/merge.html)
    ///
    /// - parameter sources: Array of observable sequences to merge.
    /// - returns: The observable sequence that merges the elements of the observable sequences.
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        MergeArray(sources: sources)
    }

    /// Merges elements from all observable sequences into a single observable sequence.
    ///
    /// - seealso: [merge operator on reactivex.io](http://reactivex.io/documentation/operators/merge.html)
    ///
    /// - parameter sources: Collection of observable sequences to merge.
    /// - returns: The observable sequence that merges the elements of the observable sequences.
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        MergeArray(sources: sources)
    }
}

/// `Observable.merge(_:)` of a fixed list: every source subscribed at once, in order.
private final class MergeArray<Element>: Producer<Element>, @unchecked Sendable {
    private let sources: [Observable<Element>]

    init(sources: [Observable<Element>]) {
        self.sources = sources
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = MergeSink<Observable<Element>, Observable<Element>, Observer>(
            selector: { $0 },
            observer: observer,
            cancel: cancel
        )
        let subscription = sink.run(sources: self.sources)
        return (sink: sink, subscription: subscription)
    }
}
