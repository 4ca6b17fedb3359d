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
    SourceProducer<
        SourceElement,
        SourceSequence.Element,
        (strategy: FlatMapStrategy, selector: (SourceElement) throws -> SourceSequence)
    >,
    @unchecked Sendable
{
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == SourceSequence.Element {
        var firstOnly = false
        var maxConcurrent = Int.max
        let (strategy, selector) = self.parameters
        switch strategy {
        case .merge:
            break
        case .first:
            firstOnly = true
        case .limited(let limit):
            maxConcurrent = limit
        case .latest:
            let sink = FlatMapLatestSink(selector: selector, observer: observer, cancel: cancel)
            return (sink: sink, subscription: sink.run(self.source))
        }
        let sink = MergeSink(
            selector: selector,
            firstOnly: firstOnly,
            maxConcurrent: maxConcurrent,
            observer: observer,
            cancel: cancel
        )
        return (sink: sink, subscription: sink.run(self.source))
    }
}
