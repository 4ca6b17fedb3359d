/// The typed half of a `zip` subscription, as seen by the code that knows the source types: it queues each
/// source's elements wherever it likes and tells the sink how to take one result from the queues.
protocol ZipSinkType<Result>: AnyObject {
    associatedtype Result

    /// Sets the function that dequeues one element from every queue and combines them; called before any source
    /// is subscribed.
    func setResultSelector(_ resultSelector: @escaping () throws -> Result)

    /// Subscribes the source at `index`; `enqueue` queues each of its elements before the sink reacts.
    func subscribe<Element>(
        _ source: Observable<Element>,
        index: Int,
        enqueue: @escaping (Element) -> Void
    )
        -> Disposable
}

/// The state machine of `zip`, shared by every arity and the collection form.
///
/// Rules, as in RxSwift 6: a result is emitted whenever every source has a queued element; the result completes
/// when every source has completed — a completed source with an empty queue does not end it early. The
/// collection form (`completesWhenUnmatchable`) also completes, like RxSwift's, when an element arrives while
/// all other sources have completed and some queue is empty. The first error fails it. Events from all sources
/// are serialized by a recursive lock.
final class ZipSink<Observer: ObserverType>: Sink<Observer>, ZipSinkType, @unchecked Sendable {
    typealias Result = Observer.Element

    fileprivate let lock = RecursiveLock()

    private let arity: Int
    private let completesWhenUnmatchable: Bool
    private var resultSelector: (() throws -> Result)?

    // state, guarded by `lock`
    private var queuedCounts: [Int]
    private var isDone: [Bool]
    private var numberOfDone = 0

    init(arity: Int, completesWhenUnmatchable: Bool, observer: Observer, cancel: Cancelable) {
        self.arity = arity
        self.completesWhenUnmatchable = completesWhenUnmatchable
        self.queuedCounts = Array(repeating: 0, count: arity)
        self.isDone = Array(repeating: false, count: arity)
        super.init(observer: observer, cancel: cancel)
    }

    /// Lets `subscribeSources` set the result selector and subscribe every source; completes at once when there
    /// are no sources.
    func run(_ subscribeSources: (ZipSink<Observer>) -> [Disposable]) -> Disposable {
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
        enqueue: @escaping (Element) -> Void
    )
        -> Disposable
    {
        let subscription = SingleAssignmentDisposable()
        let observer = ZipObserver(parent: self, index: index, enqueue: enqueue, subscription: subscription)
        subscription.setDisposable(source.subscribe(observer))
        return subscription
    }

    fileprivate func next(_ index: Int) {
        self.queuedCounts[index] += 1
        guard self.queuedCounts.allSatisfy({ $0 > 0 }) else {
            if self.completesWhenUnmatchable && self.numberOfDone == self.arity - 1 {
                self.forwardOn(.completed)
                self.dispose()
            }
            return
        }
        for queue in self.queuedCounts.indices {
            self.queuedCounts[queue] -= 1
        }
        do {
            let result = try self.resultSelector!()
            self.forwardOn(.next(result))
        } catch {
            self.forwardError(error)
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

/// Observes one source of a `zip`.
private final class ZipObserver<Element, Observer: ObserverType>: ObserverType {
    private let parent: ZipSink<Observer>
    private let index: Int
    private let enqueue: (Element) -> Void
    private let subscription: Disposable

    init(parent: ZipSink<Observer>, index: Int, enqueue: @escaping (Element) -> Void, subscription: Disposable) {
        self.parent = parent
        self.index = index
        self.enqueue = enqueue
        self.subscription = subscription
    }

    func on(_ event: Event<Element>) {
        self.parent.lock.performLocked {
            switch event {
            case .next(let value):
                self.enqueue(value)
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

/// The observable of every `zip` form: `subscribeSources` runs once per subscription, with fresh queues.
final class ZipProducer<Result>: Producer<Result>, @unchecked Sendable {
    typealias SubscribeSources = (any ZipSinkType<Result>) -> [Disposable]

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
