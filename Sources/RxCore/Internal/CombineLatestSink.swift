/// The typed half of a `combineLatest` subscription, as seen by the code that knows the source types: it stores
/// each source's latest element wherever it likes and tells the sink how to compute a result from them.
protocol CombineLatestSinkType<Result>: AnyObject {
    associatedtype Result

    /// Sets the function computing a result from the latest elements; called before any source is subscribed.
    func setResultSelector(_ resultSelector: @escaping () throws -> Result)

    /// Subscribes the source at `index`; `store` records each of its elements before the sink reacts.
    func subscribe<Element>(
        _ source: Observable<Element>,
        index: Int,
        store: @escaping (Element) -> Void
    )
        -> Disposable
}

/// The state machine of `combineLatest`, shared by every arity and the collection form.
///
/// Rules, as in RxSwift 6: a result is emitted for every element once each source has emitted at least once;
/// the result completes when every source has completed, or when an element arrives while some source still has
/// no element and all the others have completed (no result can ever be produced); a source that completes
/// without emitting while others are running does not complete the result. The first error fails it. Events
/// from all sources are serialized by a recursive lock.
final class CombineLatestSink<Observer: ObserverType>: Sink<Observer>, CombineLatestSinkType, @unchecked Sendable {
    typealias Result = Observer.Element

    fileprivate let lock = RecursiveLock()

    private let arity: Int
    private var resultSelector: (() throws -> Result)?

    // state, guarded by `lock`
    private var hasValue: [Bool]
    private var numberOfValues = 0
    private var isDone: [Bool]
    private var numberOfDone = 0

    init(arity: Int, observer: Observer, cancel: Cancelable) {
        self.arity = arity
        self.hasValue = Array(repeating: false, count: arity)
        self.isDone = Array(repeating: false, count: arity)
        super.init(observer: observer, cancel: cancel)
    }

    /// Lets `subscribeSources` set the result selector and subscribe every source; completes at once when there
    /// are no sources.
    func run(_ subscribeSources: (CombineLatestSink<Observer>) -> [Disposable]) -> Disposable {
        let subscriptions = subscribeSources(self)
        if self.arity == 0 {
            self.forwardOn(.completed)
            self.dispose()
        }
        return Disposables.create(subscriptions)
    }

    func setResultSelector(_ resultSelector: @escaping () throws -> Result) {
        self.resultSelector = resultSelector
    }

    func subscribe<Element>(
        _ source: Observable<Element>,
        index: Int,
        store: @escaping (Element) -> Void
    )
        -> Disposable
    {
        let subscription = SingleAssignmentDisposable()
        let observer = CombineLatestObserver(parent: self, index: index, store: store, subscription: subscription)
        subscription.setDisposable(source.subscribe(observer))
        return subscription
    }

    fileprivate func next(_ index: Int) {
        if !self.hasValue[index] {
            self.hasValue[index] = true
            self.numberOfValues += 1
        }

        if self.numberOfValues == self.arity {
            do {
                let result = try self.resultSelector!()
                self.forwardOn(.next(result))
            } catch {
                self.forwardError(error)
            }
        } else {
            let allOthersDone = self.isDone.indices.allSatisfy { $0 == index || self.isDone[$0] }
            if allOthersDone {
                self.forwardOn(.completed)
                self.dispose()
            }
        }
    }

    fileprivate func fail(_ error: Swift.Error) {
        self.forwardOn(.error(error))
        self.dispose()
    }

    fileprivate func done(_ index: Int) {
        if self.isDone[index] {
            return
        }
        self.isDone[index] = true
        self.numberOfDone += 1
        if self.numberOfDone == self.arity {
            self.forwardOn(.completed)
            self.dispose()
        }
    }
}

/// Observes one source of a `combineLatest`.
private final class CombineLatestObserver<Element, Observer: ObserverType>: ObserverType {
    private let parent: CombineLatestSink<Observer>
    private let index: Int
    private let store: (Element) -> Void
    private let subscription: Disposable

    init(parent: CombineLatestSink<Observer>, index: Int, store: @escaping (Element) -> Void, subscription: Disposable)
    {
        self.parent = parent
        self.index = index
        self.store = store
        self.subscription = subscription
    }

    func on(_ event: Event<Element>) {
        self.parent.lock.performLocked {
            switch event {
            case .next(let value):
                self.store(value)
                self.parent.next(self.index)
            case .error(let error):
                self.subscription.dispose()
                self.parent.fail(error)
            case .completed:
                self.subscription.dispose()
                self.parent.done(self.index)
            }
        }
    }
}

/// The observable of every `combineLatest` form: `subscribeSources` runs once per subscription, with fresh
/// storage for the latest elements.
final class CombineLatestProducer<Result>: Producer<Result>, @unchecked Sendable {
    typealias SubscribeSources = (any CombineLatestSinkType<Result>) -> [Disposable]

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
