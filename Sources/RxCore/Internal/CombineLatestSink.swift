/// The state machine of `combineLatest`, shared by every arity and the collection form.
///
/// Rules, as in RxSwift 6: a result is emitted for every element once each source has emitted at least once;
/// the result completes when every source has completed, or when an element arrives while some source still has
/// no element and all the others have completed (no result can ever be produced); a source that completes
/// without emitting while others are running does not complete the result. The rest is `CombiningSink`'s.
final class CombineLatestSink<Observer: ObserverType>: CombiningSink<Observer>, @unchecked Sendable {
    // state, guarded by `lock`
    private var hasValue: [Bool]
    private var numberOfValues = 0

    override init(arity: Int, observer: Observer, cancel: Cancelable) {
        self.hasValue = Array(repeating: false, count: arity)
        super.init(arity: arity, observer: observer, cancel: cancel)
    }

    override func next(_ index: Int) {
        if !self.hasValue[index] {
            self.hasValue[index] = true
            self.numberOfValues += 1
        }

        if self.numberOfValues == self.arity {
            self.forwardResult()
        } else if self.isDone.indices.allSatisfy({ $0 == index || self.isDone[$0] }) {
            self.complete()
        }
    }
}

/// The observable of every `combineLatest` form: `subscribeSources` runs once per subscription, with fresh
/// storage for the latest elements.
final class CombineLatestProducer<Result>: Producer<Result>, @unchecked Sendable {
    typealias SubscribeSources = (any CombiningSinkType<Result>) -> [Disposable]

    private let arity: Int
    private let subscribeSources: SubscribeSources

    init(arity: Int, subscribeSources: @escaping SubscribeSources) {
        self.arity = arity
        self.subscribeSources = subscribeSources
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Result {
        let sink = CombineLatestSink(arity: self.arity, observer: observer, cancel: cancel)
        let subscription = sink.run { self.subscribeSources($0) }
        return (sink: sink, subscription: subscription)
    }
}
