/// An AsyncSubject emits the last value (and only the last value) emitted by the source Observable, and only
/// after that source Observable completes.
///
/// (If the source Observable does not emit any values, the AsyncSubject also completes without emitting any
/// values.)
///
///     source:  --1--2--3--|
///     observer subscribed at any time:  ----------3|   (at the completion; later subscribers get 3| at once)
///
/// An error is forwarded without the last value.
public final class AsyncSubject<Element>: Observable<Element>, SubjectType, ObserverType,
    SynchronizedUnsubscribeType, @unchecked Sendable
{
    // @unchecked: every mutable property is guarded by `lock`.

    /// The observer type of this subject.
    public typealias SubjectObserverType = AsyncSubject<Element>

    typealias Observers = ObserverBag<Element>
    typealias DisposeKey = ObserverBagKey

    private let lock = RecursiveLock()

    // state, guarded by `lock`
    private var observers = Observers()
    private var lastElement: Element?
    /// `.next(last)` once completed with an element, or the terminal event.
    private var stoppedEvent: Event<Element>?

    /// Indicates whether the subject has any observers
    public var hasObservers: Bool {
        lock.performLocked { !observers.isEmpty }
    }

    /// Creates a subject.
    public override init() {
        super.init()
    }

    /// Notifies all subscribed observers about next event.
    ///
    /// - parameter event: Event to send to the observers.
    public func on(_ event: Event<Element>) {
        let (observers, eventToSend) = lock.performLocked { () -> (Observers, Event<Element>?) in
            if stoppedEvent != nil {
                return (Observers(), nil)
            }
            switch event {
            case .next(let element):
                lastElement = element
                return (Observers(), nil)
            case .error:
                stoppedEvent = event
                let observers = self.observers
                self.observers.removeAll()
                return (observers, event)
            case .completed:
                let observers = self.observers
                self.observers.removeAll()
                if let lastElement {
                    stoppedEvent = .next(lastElement)
                    return (observers, .next(lastElement))
                }
                stoppedEvent = event
                return (observers, .completed)
            }
        }
        guard let eventToSend else { return }
        observers.on(eventToSend)
        if case .next = eventToSend {
            observers.on(.completed)
        }
    }

    /// Subscribes an observer to the subject.
    ///
    /// - parameter observer: Observer to subscribe to the subject.
    /// - returns: Disposable object that can be used to unsubscribe the observer from the subject.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        lock.performLocked {
            if let stoppedEvent {
                observer.on(stoppedEvent)
                if case .next = stoppedEvent {
                    observer.on(.completed)
                }
                return Disposables.create()
            }
            let key = observers.insert(observer)
            return SubscriptionDisposable(owner: self, key: key)
        }
    }

    func synchronizedUnsubscribe(_ disposeKey: DisposeKey) {
        lock.performLocked {
            _ = observers.removeKey(disposeKey)
        }
    }

    /// Returns observer interface for subject.
    public func asObserver() -> AsyncSubject<Element> {
        self
    }
}
