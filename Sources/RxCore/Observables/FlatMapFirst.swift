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
        FlatMapFirst(source: self.asObservable(), selector: selector)
    }
}

private final class FlatMapFirstSink<
    SourceElement,
    SourceSequence: ObservableConvertibleType,
    Observer: ObserverType
>: MergeSink<SourceElement, SourceSequence, Observer>, @unchecked Sendable
where Observer.Element == SourceSequence.Element {
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let selector: Selector

    override var subscribeNext: Bool {
        self.activeCount == 0
    }

    init(selector: @escaping Selector, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        super.init(observer: observer, cancel: cancel)
    }

    override func performMap(_ element: SourceElement) throws -> SourceSequence {
        try self.selector(element)
    }
}

private final class FlatMapFirst<SourceElement, SourceSequence: ObservableConvertibleType>:
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
        let sink = FlatMapFirstSink(selector: self.selector, observer: observer, cancel: cancel)
        let subscription = sink.run(self.source)
        return (sink: sink, subscription: subscription)
    }
}
