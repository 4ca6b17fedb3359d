/// How a flattening operator treats inner sequences that overlap: `flatMap`, `flatMapFirst`, `flatMapLatest`,
/// `concatMap` and the `merge`/`concat`/`switchLatest` family are one operator with one of these strategies.
enum FlatMapStrategy {
    /// Subscribe every inner sequence at once (`flatMap`, `merge()`).
    case merge
    /// Drop outer elements that arrive while an inner sequence runs, without mapping them (`flatMapFirst`).
    case first
    /// Unsubscribe the running inner sequence when the next outer element arrives (`flatMapLatest`).
    case latest
    /// Run at most this many inner sequences, queueing the others (`merge(maxConcurrent:)`, `concatMap`: 1).
    case limited(Int)
}

/// Maps each outer element to an inner sequence with `selector` and flattens them as `strategy` says.
final class FlatMapProducer<SourceElement, SourceSequence: ObservableConvertibleType>:
    Producer<SourceSequence.Element>, @unchecked Sendable
{
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let source: Observable<SourceElement>
    private let selector: Selector
    private let strategy: FlatMapStrategy

    init(source: Observable<SourceElement>, strategy: FlatMapStrategy, selector: @escaping Selector) {
        self.source = source
        self.strategy = strategy
        self.selector = selector
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == SourceSequence.Element {
        switch self.strategy {
        case .merge, .first:
            let firstOnly: Bool
            if case .first = self.strategy { firstOnly = true } else { firstOnly = false }
            let sink = MergeSink(selector: self.selector, firstOnly: firstOnly, observer: observer, cancel: cancel)
            return (sink: sink, subscription: sink.run(self.source))
        case .latest:
            let sink = FlatMapLatestSink(selector: self.selector, observer: observer, cancel: cancel)
            return (sink: sink, subscription: sink.run(self.source))
        case .limited(let maxConcurrent):
            let sink = MergeLimitedSink(
                maxConcurrent: maxConcurrent,
                selector: self.selector,
                observer: observer,
                cancel: cancel
            )
            return (sink: sink, subscription: sink.run(self.source))
        }
    }
}
