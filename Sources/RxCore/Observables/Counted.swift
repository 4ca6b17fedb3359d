/// What a counting operator does around its `count`-th element: `skip(_:)`, `take(_:)` and `element(at:)` are one
/// algorithm (count elements down, then act), differing only in what passes.
enum CountedMode {
    /// Drop the first `count` elements, pass the rest.
    case skip
    /// Pass the first `count` elements (`count` > 0), then complete.
    case take
    /// Pass the element at index `count` and complete; fail with `RxError.argumentOutOfRange` if the source
    /// completes before it.
    case elementAt
}

/// The sink of `Counted`: counts `remaining` down on each element, then acts as its mode says.
private final class CountedSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element

    private let mode: CountedMode
    private var remaining: Int

    init(mode: CountedMode, count: Int, observer: Observer, cancel: Cancelable) {
        self.mode = mode
        self.remaining = count
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if self.remaining > 0 {
                self.remaining -= 1
                guard self.mode == .take else { return }
                self.forwardOn(event)
                if self.remaining == 0 {
                    self.forwardOn(.completed)
                    self.dispose()
                }
                return
            }
            switch self.mode {
            case .skip:
                self.forwardOn(event)
            case .elementAt:
                self.forwardOn(event)
                self.forwardOn(.completed)
                self.dispose()
            case .take:
                return
            }
        case .completed where self.mode == .elementAt:
            self.forwardError(RxError.argumentOutOfRange)
        case .error, .completed:
            self.forwardStop(event)
        }
    }
}

/// `skip(_:)`, `take(_:)` and `element(at:)`: elements counted against `count`, as `mode` says.
final class Counted<Element>: SourceProducer<Element, Element, (mode: CountedMode, count: Int)>, @unchecked Sendable {
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let (mode, count) = self.parameters
        return subscribed(CountedSink(mode: mode, count: count, observer: observer, cancel: cancel), to: self.source)
    }
}
