/// Represents an object that is both an observable sequence as well as an observer.
///
/// Each notification is broadcasted to all subscribed observers, in subscription order. Observers subscribing
/// after the subject terminated receive only the terminal event.
public final class PublishSubject<Element>: Observable<Element>, SubjectType, Cancelable, ObserverType,
    SynchronizedUnsubscribeType, @unchecked Sendable
{
    /// The observer type of this subject.
    public typealias SubjectObserverType = PublishSubject<Element>

    typealias Observers = ObserverBag<Element>
    typealias DisposeKey = ObserverBagKey

    /// Indicates whether the subject has any observers
    public var hasObservers: Bool {
        self.lock.performLocked { !self.observers.isEmpty }
    }

    private let lock = RecursiveLock()

    // state
    private var disposed = false
    private var observers = Observers()
    private var stopped = false
    private var stoppedEvent = nil as Event<Element>?

    /// Indicates whether the subject has been isDisposed.
    public var isDisposed: Bool {
        self.lock.performLocked { self.disposed }
    }

    /// Creates a subject.
    public override init() {
        super.init()
    }

    /// Notifies all subscribed observers about next event.
    ///
    /// - parameter event: Event to send to the observers.
    public func on(_ event: Event<Element>) {
        let observers = self.lock.performLocked { () -> Observers in
            switch event {
            case .next:
                if self.disposed || self.stopped {
                    return Observers()
                }
                return self.observers
            case .completed, .error:
                if self.stoppedEvent == nil {
                    self.stoppedEvent = event
                    self.stopped = true
                    let observers = self.observers
                    self.observers.removeAll()
                    return observers
                }
                return Observers()
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
        if let stoppedEvent = self.stoppedEvent {
            self.lock.unlock()
            observer.on(stoppedEvent)
            return Disposables.create()
        }
        if self.disposed {
            self.lock.unlock()
            observer.on(.error(RxError.disposed(object: "PublishSubject")))
            return Disposables.create()
        }
        let key = self.observers.insert(observer)
        self.lock.unlock()
        return SubscriptionDisposable(owner: self, key: key)
    }

    func synchronizedUnsubscribe(_ disposeKey: DisposeKey) {
        self.lock.performLocked {
            _ = self.observers.removeKey(disposeKey)
        }
    }

    /// Returns observer interface for subject.
    public func asObserver() -> PublishSubject<Element> {
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
