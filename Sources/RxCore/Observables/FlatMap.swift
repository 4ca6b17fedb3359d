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
        FlatMap(source: self.asObservable(), selector: selector)
    }
}

private final class FlatMapSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    MergeSink<SourceElement, SourceSequence, Observer>, @unchecked Sendable
where Observer.Element == SourceSequence.Element {
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let selector: Selector

    init(selector: @escaping Selector, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        super.init(observer: observer, cancel: cancel)
    }

    override func performMap(_ element: SourceElement) throws -> SourceSequence {
        try self.selector(element)
    }
}

private final class FlatMap<SourceElement, SourceSequence: ObservableConvertibleType>: Producer<SourceSequence.Element>,
    @unchecked Sendable
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
        let sink = FlatMapSink(selector: self.selector, observer: observer, cancel: cancel)
        let subscription = sink.run(self.source)
        return (sink: sink, subscription: subscription)
    }
}
