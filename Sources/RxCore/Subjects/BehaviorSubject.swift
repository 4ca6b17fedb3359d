/// Represents a value that changes over time.
///
/// Observers can subscribe to the subject to receive the last (or initial) value and all subsequent
/// notifications.
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable,
    SynchronizedUnsubscribeType, @unchecked Sendable
{
    /// The observer type of this subject.
    public typealias SubjectObserverType = BehaviorSubject<Element>

    typealias Observers = ObserverBag<Element>
    typealias DisposeKey = ObserverBagKey

    /// Indicates whether the subject has any observers
    public var hasObservers: Bool {
        self.lock.performLocked { !self.observers.isEmpty }
    }

    private let lock = RecursiveLock()

    // state
    private var disposed = false
    private var element: Element
    private var observers = Observers()
    private var stoppedEvent: Event<Element>?

    /// Indicates whether the subject has been disposed.
    public var isDisposed: Bool {
        self.lock.performLocked { self.disposed }
    }

    /// Initializes a new instance of the subject that caches its last value and starts with the specified value.
    ///
    /// - parameter value: Initial value sent to observers when no other value has been received by the subject
    ///   yet.
    public init(value: Element) {
        self.element = value
        super.init()
    }

    /// Gets the current value or throws an error.
    ///
    /// - returns: Latest value.
    public func value() throws -> Element {
        try self.lock.performLocked {
            if self.disposed {
                throw RxError.disposed(object: "BehaviorSubject")
            }
            if let error = self.stoppedEvent?.error {
                // intentionally throw exception
                throw error
            }
            return self.element
        }
    }

    /// Notifies all subscribed observers about next event.
    ///
    /// - parameter event: Event to send to the observers.
    public func on(_ event: Event<Element>) {
        let observers = self.lock.performLocked { () -> Observers in
            if self.stoppedEvent != nil || self.disposed {
                return Observers()
            }
            switch event {
            case .next(let element):
                self.element = element
                return self.observers
            case .error, .completed:
                self.stoppedEvent = event
                let observers = self.observers
                self.observers.removeAll()
                return observers
            }
        }
        observers.on(event)
    }

    /// Subscribes an observer to the subject.
    ///
    /// - parameter observer: Observer to subscribe to the subject.
    /// - returns: Disposable object that can be used to unsubscribe the observer from the subject.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        self.lock.lock()
        if self.disposed {
            self.lock.unlock()
            observer.on(.error(RxError.disposed(object: "BehaviorSubject")))
            return Disposables.create()
        }
        if let stoppedEvent = self.stoppedEvent {
            self.lock.unlock()
            observer.on(stoppedEvent)
            return Disposables.create()
        }
        let key = self.observers.insert(observer)
        let element = self.element
        // RxSwift sends the current value while holding the subject's (recursive) lock, so that no `on(.next)`
        // from another thread can slip in before it.
        observer.on(.next(element))
        self.lock.unlock()
        return SubscriptionDisposable(owner: self, key: key)
    }

    func synchronizedUnsubscribe(_ disposeKey: DisposeKey) {
        self.lock.performLocked {
            if self.disposed { return }
            _ = self.observers.removeKey(disposeKey)
        }
    }

    /// Returns observer interface for subject.
    public func asObserver() -> BehaviorSubject<Element> {
        self
    }

    /// Unsubscribe all observers and release resources.
    public func dispose() {
        self.lock.performLocked {
            self.disposed = true
            self.observers.removeAll()
            self.stoppedEvent = nil
        }
    }
}
