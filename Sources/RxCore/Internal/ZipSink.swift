/// The state machine of `zip`, shared by every arity and the collection form.
///
/// Rules, as in RxSwift 6: a result is emitted whenever every source has a queued element; the result completes
/// when every source has completed — a completed source with an empty queue does not end it early. The
/// collection form (`completesWhenUnmatchable`) also completes, like RxSwift's, when an element arrives while
/// all other sources have completed and some queue is empty. The rest is `CombiningSink`'s.
final class ZipSink<Observer: ObserverType>: CombiningSink<Observer>, @unchecked Sendable {
    private let completesWhenUnmatchable: Bool

    // state, guarded by `lock`
    private var queuedCounts: [Int]

    init(arity: Int, completesWhenUnmatchable: Bool, observer: Observer, cancel: Cancelable) {
        self.completesWhenUnmatchable = completesWhenUnmatchable
        self.queuedCounts = Array(repeating: 0, count: arity)
        super.init(arity: arity, observer: observer, cancel: cancel)
    }

    override func next(_ index: Int) {
        self.queuedCounts[index] += 1
        guard self.queuedCounts.allSatisfy({ $0 > 0 }) else {
            if self.completesWhenUnmatchable && self.numberOfDone == self.arity - 1 {
                self.complete()
            }
            return
        }
        for queue in self.queuedCounts.indices {
            self.queuedCounts[queue] -= 1
        }
        self.forwardResult()
    }
}

/// The observable of every `zip` form: `subscribeSources` runs once per subscription, with fresh queues.
final class ZipProducer<Result>: Producer<Result>, @unchecked Sendable {
    typealias SubscribeSources = (any CombiningSinkType<Result>) -> [Disposable]

    private let arity: Int
    private let completesWhenUnmatchable: Bool
    private let subscribeSources: SubscribeSources

    init(arity: Int, completesWhenUnmatchable: Bool = false, subscribeSources: @escaping SubscribeSources) {
        self.arity = arity
        self.completesWhenUnmatchable = completesWhenUnmatchable
        self.subscribeSources = subscribeSources
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Result {
        let sink = ZipSink(
            arity: self.arity,
            completesWhenUnmatchable: self.completesWhenUnmatchable,
            observer: observer,
            cancel: cancel
        )
        let subscription = sink.run { self.subscribeSources($0) }
        return (sink: sink, subscription: subscription)
    }
}
