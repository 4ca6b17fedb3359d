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
        ConcatMap(source: self.asObservable(), selector: selector)
    }
}

private final class ConcatMapSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    MergeLimitedSink<SourceElement, SourceSequence, Observer>, @unchecked Sendable
where Observer.Element == SourceSequence.Element {
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let selector: Selector

    init(selector: @escaping Selector, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        super.init(maxConcurrent: 1, observer: observer, cancel: cancel)
    }

    override func performMap(_ element: SourceElement) throws -> SourceSequence {
        try self.selector(element)
    }
}

private final class ConcatMap<SourceElement, SourceSequence: ObservableConvertibleType>:
    Producer<SourceSequence.Element>, @unchecked Sendable
{
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let source: Observable<SourceElement>
    private let selector: Selector

    init(source: Observable<SourceElement>, selector: @escaping Selector) {
        self.source = source
        self.selector = selector
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == SourceSequence.Element {
        let sink = ConcatMapSink(selector: self.selector, observer: observer, cancel: cancel)
        let subscription = sink.run(self.source)
        return (sink: sink, subscription: subscription)
    }
}
