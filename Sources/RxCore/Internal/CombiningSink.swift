/// The typed half of a `zip` or `combineLatest` subscription, as seen by the code that knows the source types: it
/// keeps each source's elements wherever it likes (queues for `zip`, the latest element for `combineLatest`) and
/// tells the sink how to compute one result from them.
protocol CombiningSinkType<Result>: AnyObject {
    associatedtype Result

    /// Sets the function computing one result from the kept elements; called before any source is subscribed.
    func setResultSelector(_ resultSelector: @escaping () throws -> Result)

    /// Subscribes the source at `index`; `keep` records each of its elements before the sink reacts.
    func subscribe<Element>(_ source: Observable<Element>, index: Int, keep: @escaping (Element) -> Void)
        -> Disposable
}

/// What `zip` and `combineLatest` share, for every arity and the collection forms: the sources' subscriptions,
/// the result selector, and completion. The result completes when every source has completed; the first error
/// fails it. Events from all sources are serialized by a recursive lock. What an element does (`next(_:)`) is
/// the operator's: `ZipSink` and `CombineLatestSink`.
class CombiningSink<Observer: ObserverType>: Sink<Observer>, CombiningSinkType, @unchecked Sendable {
    typealias Result = Observer.Element

    fileprivate let lock = RecursiveLock()

    let arity: Int
    private var resultSelector: (() throws -> Result)?

    // state, guarded by `lock`
    private(set) var isDone: [Bool]
    private(set) var numberOfDone = 0

    init(arity: Int, observer: Observer, cancel: Cancelable) {
        self.arity = arity
        self.isDone = Array(repeating: false, count: arity)
        super.init(observer: observer, cancel: cancel)
    }

    /// Lets `subscribeSources` set the result selector and subscribe every source; completes at once when there
    /// are no sources.
    final func run(_ subscribeSources: (CombiningSink<Observer>) -> [Disposable]) -> Disposable {
        let subscriptions = subscribeSources(self)
        if self.arity == 0 {
            self.forwardOn(.completed)
            self.dispose()
        }
        return Disposables.create(subscriptions)
    }

    final func setResultSelector(_ resultSelector: @escaping () throws -> Result) {
        self.resultSelector = resultSelector
    }

    final func subscribe<Element>(_ source: Observable<Element>, index: Int, keep: @escaping (Element) -> Void)
        -> Disposable
    {
        let subscription = SingleAssignmentDisposable()
        let observer = CombiningObserver(parent: self, index: index, keep: keep, subscription: subscription)
        subscription.setDisposable(source.subscribe(observer))
        return subscription
    }

    /// Reacts to an element the source at `index` has just had kept.
    func next(_ index: Int) {
        rxAbstractMethod()
    }

    /// Forwards the result computed from the kept elements, or fails with what the selector threw.
    final func forwardResult() {
        do {
            let result = try self.resultSelector!()
            self.forwardOn(.next(result))
        } catch {
            self.forwardError(error)
        }
    }

    /// Completes the result and disposes the sink.
    final func complete() {
        self.forwardOn(.completed)
        self.dispose()
    }

    fileprivate final func done(_ index: Int) {
        if self.isDone[index] {
            return
        }
        self.isDone[index] = true
        self.numberOfDone += 1
        if self.numberOfDone == self.arity {
            self.complete()
        }
    }
}

/// Observes one source of a `zip` or `combineLatest`.
private final class CombiningObserver<Element, Observer: ObserverType>: ObserverType {
    private let parent: CombiningSink<Observer>
    private let index: Int
    private let keep: (Element) -> Void
    private let subscription: Disposable

    init(parent: CombiningSink<Observer>, index: Int, keep: @escaping (Element) -> Void, subscription: Disposable) {
        self.parent = parent
        self.index = index
        self.keep = keep
        self.subscription = subscription
    }

    func on(_ event: Event<Element>) {
        self.parent.lock.performLocked {
            switch event {
            case .next(let value):
                self.keep(value)
                self.parent.next(self.index)
            case .error(let error):
                self.subscription.dispose()
                self.parent.forwardError(error)
            case .completed:
                self.subscription.dispose()
                self.parent.done(self.index)
            }
        }
    }
}
