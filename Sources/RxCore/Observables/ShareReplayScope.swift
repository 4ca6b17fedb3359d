extension ObservableType {
    /// Returns an observable sequence that **shares a single subscription to the underlying sequence**, and
    /// immediately upon subscription replays elements in buffer.
    ///
    /// This operator is equivalent to:
    /// * `.whileConnected`: `source.multicast(makeSubject: { ReplaySubject.create(bufferSize: replay) })
    ///   .refCount()` — each connection has its own subject; connections are isolated from each other.
    /// * `.forever`: `source.multicast(ReplaySubject.create(bufferSize: replay)).refCount()` — one subject
    ///   stores replay events for all connections.
    ///
    /// It uses optimized versions of the operators for most common operations (`replay` 0 and 1 while
    /// connected).
    ///
    /// - seealso: [shareReplay operator on reactivex.io](http://reactivex.io/documentation/operators/replay.html)
    ///
    ///     source (cold):  --1--2--3--|
    ///     share(replay: 1)
    ///     a (at 0):       --1--2--3--|
    ///     b (at 4):           2--3--|    (gets the latest element at once, then shares the same subscription)
    ///
    /// - parameter replay: Maximum element count of the replay buffer.
    /// - parameter scope: Lifetime scope of sharing subject. For more information see `SubjectLifetimeScope`
    ///   enum.
    /// - returns: An observable sequence that contains the elements of a sequence produced by multicasting the
    ///   source sequence.
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        switch scope {
        case .forever:
            switch replay {
            case 0: return multicast(PublishSubject()).refCount()
            default: return multicast(ReplaySubject.create(bufferSize: replay)).refCount()
            }
        case .whileConnected:
            switch replay {
            case 0: return ShareWhileConnected(source: asObservable(), replaysLatest: false)
            case 1: return ShareWhileConnected(source: asObservable(), replaysLatest: true)
            default: return multicast(makeSubject: { ReplaySubject.create(bufferSize: replay) }).refCount()
            }
        }
    }
}

/// One connection of `ShareWhileConnected` to its source: created by the first subscriber, ended by the last
/// unsubscribe or by a terminal event (after which the next subscriber creates a new connection).
private final class ShareWhileConnectedConnection<Element>: ObserverType, SynchronizedUnsubscribeType,
    @unchecked Sendable
{
    // @unchecked: all mutable state is guarded by the parent's `lock`, which this connection shares.
    typealias Observers = ObserverBag<Element>
    typealias DisposeKey = ObserverBagKey

    private let parent: ShareWhileConnected<Element>
    private let subscription = SingleAssignmentDisposable()
    private let lock: RecursiveLock

    // state, guarded by `lock`
    private var disposed = false
    private(set) var observers = Observers()
    private var element: Element?

    // Not counted in `Resources.total` itself: a leaked connection leaks its counted `subscription`.
    init(parent: ShareWhileConnected<Element>, lock: RecursiveLock) {
        self.parent = parent
        self.lock = lock
    }

    func on(_ event: Event<Element>) {
        let observers = lock.performLocked { () -> Observers in
            if disposed {
                return Observers()
            }
            switch event {
            case .next(let element):
                if parent.replaysLatest {
                    self.element = element
                }
                return self.observers
            case .error, .completed:
                let observers = self.observers
                synchronizedDispose()
                return observers
            }
        }
        observers.on(event)
    }

    func connect() {
        subscription.setDisposable(parent.source.subscribe(self))
    }

    /// Adds an observer, replaying the latest element first when configured to; call with `lock` held.
    func synchronizedSubscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        if let element {
            observer.on(.next(element))
        }
        let disposeKey = observers.insert(observer)
        return SubscriptionDisposable(owner: self, key: disposeKey)
    }

    private func synchronizedDispose() {
        disposed = true
        if parent.connection === self {
            parent.connection = nil
        }
        observers = Observers()
        element = nil
    }

    func synchronizedUnsubscribe(_ disposeKey: DisposeKey) {
        let wasLast = lock.performLocked { () -> Bool in
            if !observers.removeKey(disposeKey) {
                return false
            }
            if observers.isEmpty {
                synchronizedDispose()
                return true
            }
            return false
        }
        if wasLast {
            subscription.dispose()
        }
    }
}

/// `share(replay: 0 or 1, scope: .whileConnected)` without a subject: the connection multicasts directly.
private final class ShareWhileConnected<Element>: Observable<Element>, @unchecked Sendable {
    // @unchecked: `connection` is guarded by `lock`.
    typealias Connection = ShareWhileConnectedConnection<Element>

    let source: Observable<Element>
    let replaysLatest: Bool
    private let lock = RecursiveLock()

    // state, guarded by `lock`
    var connection: Connection?

    init(source: Observable<Element>, replaysLatest: Bool) {
        self.source = source
        self.replaysLatest = replaysLatest
        super.init()
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let (connection, isFirst, disposable) = lock.performLocked { () -> (Connection, Bool, Disposable) in
            let connection: Connection
            if let existing = self.connection {
                connection = existing
            } else {
                connection = Connection(parent: self, lock: lock)
                self.connection = connection
            }
            let isFirst = connection.observers.isEmpty
            let disposable = connection.synchronizedSubscribe(observer)
            return (connection, isFirst, disposable)
        }
        if isFirst {
            connection.connect()
        }
        return disposable
    }
}
