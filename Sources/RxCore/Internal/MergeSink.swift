import Synchronization

/// The state machine of every flattening operator but `flatMapLatest`: `flatMap`, `flatMapFirst`, `merge`,
/// `merge(maxConcurrent:)`, `concatMap` and `concat()`. Every outer element becomes an inner sequence that is
/// subscribed at once, or, beyond `maxConcurrent` running ones, queued in arrival order and subscribed as running
/// ones complete (with `maxConcurrent == 1` this is `concat`); inner elements are forwarded as they come; the
/// result completes when the outer sequence and every inner sequence have completed; the first error from any of
/// them fails it.
///
/// Events are serialized with a recursive lock, as in RxSwift, so inner sequences may emit from different
/// threads. When the outer sequence completes its subscription is released at once, while inners keep running.
final class MergeSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    Sink<Observer>, ObserverType, @unchecked Sendable
where Observer.Element == SourceSequence.Element {
    typealias Element = SourceElement
    typealias ResultType = Observer.Element

    let lock = RecursiveLock()

    /// Maps an outer element to the inner sequence to subscribe; called under `lock`.
    private let selector: (SourceElement) throws -> SourceSequence
    /// `flatMapFirst`: an outer element that arrives while an inner sequence runs is dropped, unmapped.
    private let firstOnly: Bool
    /// How many inner sequences may run at once; the others wait in `queue` (guarded by `lock`).
    private let maxConcurrent: Int
    private let group = CompositeDisposable()
    private let sourceSubscription = SingleAssignmentDisposable()

    /// The number of inner sequences that have not completed yet, guarded by `lock` (so no dynamic exclusivity
    /// check, a thread-local lookup per access).
    @exclusivity(unchecked) private(set) var activeCount = 0
    @exclusivity(unchecked) private var stopped = false
    /// Inner sequences waiting for a running one to complete (limited merges only), guarded by `lock`.
    @exclusivity(unchecked) private var queue = Queue<SourceSequence>()

    init(
        selector: @escaping (SourceElement) throws -> SourceSequence,
        firstOnly: Bool = false,
        maxConcurrent: Int = .max,
        observer: Observer,
        cancel: Cancelable
    ) {
        self.selector = selector
        self.firstOnly = firstOnly
        self.maxConcurrent = maxConcurrent
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        _ = self.group.insert(self.sourceSubscription)
        self.sourceSubscription.setDisposable(source.subscribe(self))
        return self.group
    }

    /// Subscribes a fixed list of inner sequences at once, in order (the static `merge`).
    func run(sources: [SourceSequence]) -> Disposable {
        self.lock.performLocked {
            self.activeCount += sources.count
        }
        for source in sources {
            self.subscribeInner(source.asObservable())
        }
        self.lock.performLocked {
            self.stopped = true
            self.checkCompleted()
        }
        return self.group
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            if let inner = self.nextElementArrived(element) {
                self.subscribeInner(inner.asObservable())
            }
        case .error:
            self.lock.performLocked {
                self.forwardStop(event)
            }
        case .completed:
            self.lock.performLocked {
                self.stopped = true
                self.sourceSubscription.dispose()
                self.checkCompleted()
            }
        }
    }

    private func nextElementArrived(_ element: SourceElement) -> SourceSequence? {
        self.lock.performLocked {
            if self.firstOnly && self.activeCount > 0 {
                return nil
            }
            do {
                let inner = try self.selector(element)
                if self.activeCount < self.maxConcurrent {
                    self.activeCount += 1
                    return inner
                }
                self.enqueueWaiting(inner)
                return nil
            } catch {
                self.forwardError(error)
                return nil
            }
        }
    }

    // The queue's two uses are out of line and handle no `SourceSequence?` in their callers: inlined, their generic
    // metadata lookups (`Queue<SourceSequence>`, `SourceSequence?`, unspecialized) land in the per-element paths and
    // cost every merge ~5% in `glwatch-bench` (b), although only a limited merge ever queues.
    @inline(never)
    private func enqueueWaiting(_ inner: SourceSequence) {
        self.queue.enqueue(inner)
    }

    /// Subscribes the longest-waiting inner sequence, if any; returns whether there was one.
    @inline(never)
    private func subscribeWaiting() -> Bool {
        guard let next = self.queue.dequeue() else { return false }
        self.subscribeInner(next.asObservable())
        return true
    }

    private func subscribeInner(_ source: Observable<ResultType>) {
        let inner = MergeSinkInner(parent: self)
        guard let disposeKey = self.group.insert(inner) else { return }
        inner.disposeKey = disposeKey
        inner.setSubscription(source.subscribe(inner))
    }

    fileprivate func innerOn(_ event: Event<ResultType>, disposeKey: CompositeDisposable.DisposeKey) {
        self.lock.performLocked {
            switch event {
            case .next:
                self.forwardOn(event)
            case .error:
                self.forwardStop(event)
            case .completed:
                self.group.remove(for: disposeKey)
                if self.maxConcurrent == .max || !self.subscribeWaiting() {
                    self.activeCount -= 1
                    self.checkCompleted()
                }
            }
        }
    }

    private func checkCompleted() {
        if self.stopped && self.activeCount == 0 {
            self.forwardOn(.completed)
            self.dispose()
        }
    }
}

/// Observes one inner sequence of a `MergeSink` and holds its subscription (one object per inner sequence, where
/// a separate `SingleAssignmentDisposable` would be a second allocation).
private final class MergeSinkInner<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    DisposeBase, ObserverType, Disposable, @unchecked Sendable
where Observer.Element == SourceSequence.Element {
    // @unchecked: `disposeKey` is set once before the inner sequence is subscribed; `subscription` is guarded by
    // its mutex.
    typealias Element = Observer.Element
    typealias Parent = MergeSink<SourceElement, SourceSequence, Observer>

    private let parent: Parent
    fileprivate var disposeKey: CompositeDisposable.DisposeKey?
    private let subscription = Mutex<(disposable: Disposable?, isDisposed: Bool)>((nil, false))

    init(parent: Parent) {
        self.parent = parent
        super.init()
    }

    func on(_ event: Event<Element>) {
        guard let disposeKey else { return }
        self.parent.innerOn(event, disposeKey: disposeKey)
    }

    /// Keeps the inner subscription, or disposes it at once when the inner was disposed meanwhile.
    func setSubscription(_ disposable: Disposable) {
        let disposeNow = subscription.withLock { state -> Bool in
            if state.isDisposed { return true }
            state.disposable = disposable
            return false
        }
        if disposeNow {
            disposable.dispose()
        }
    }

    func dispose() {
        let disposable = subscription.withLock { state -> Disposable? in
            if state.isDisposed { return nil }
            state.isDisposed = true
            let disposable = state.disposable
            state.disposable = nil
            return disposable
        }
        disposable?.dispose()
    }
}
