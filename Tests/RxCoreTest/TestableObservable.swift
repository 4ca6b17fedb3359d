import RxCore

/// Observable sequence that records subscription lifetimes and timestamped events sent to observers.
public class TestableObservable<Element>: ObservableType, @unchecked Sendable {
    /// Subscriptions recorded.
    ///
    /// This field can be used to assert that the observable sequence was subscribed (and unsubscribed) at the
    /// expected virtual times.
    public var subscriptions: [Subscription] {
        lock.withLock { self.recordedSubscriptions }
    }

    /// List of events to replay for all subscribers.
    ///
    /// Event times represent absolute `TestScheduler` time.
    public let recordedEvents: [Recorded<Event<Element>>]

    /// Parent test scheduler.
    let testScheduler: TestScheduler
    let lock = NSLockBox()
    var recordedSubscriptions: [Subscription] = []

    init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        self.testScheduler = testScheduler
        self.recordedEvents = recordedEvents
    }

    /// Subscribes `observer` to receive events for this sequence.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        fatalError("Abstract method")
    }

    /// Records a subscription starting now; returns its index.
    func recordSubscribe() -> Int {
        let now = testScheduler.clock
        return lock.withLock {
            recordedSubscriptions.append(Subscription(now))
            return recordedSubscriptions.count - 1
        }
    }

    /// Closes the subscription at `index` now.
    func recordUnsubscribe(_ index: Int) {
        let now = testScheduler.clock
        lock.withLock {
            let existing = recordedSubscriptions[index]
            recordedSubscriptions[index] = Subscription(existing.subscribe, now)
        }
    }
}

/// A hot observable: events happen at their absolute times whether or not anyone is subscribed.
final class HotObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    private var observers: [(key: Int, on: (Event<Element>) -> Void)] = []
    private var nextKey = 0

    override init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        super.init(testScheduler: testScheduler, recordedEvents: recordedEvents)

        for recordedEvent in recordedEvents {
            testScheduler.scheduleAt(recordedEvent.time) { [weak self] in
                guard let self else { return }
                let observers = self.lock.withLock { self.observers }
                for observer in observers {
                    observer.on(recordedEvent.value)
                }
            }
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let key = lock.withLock { () -> Int in
            let key = nextKey
            nextKey += 1
            observers.append((key, observer.on))
            return key
        }
        let index = recordSubscribe()
        return Disposables.create { [weak self] in
            guard let self else { return }
            let removed = self.lock.withLock { () -> Bool in
                guard let position = self.observers.firstIndex(where: { $0.key == key }) else { return false }
                self.observers.remove(at: position)
                return true
            }
            if removed {
                self.recordUnsubscribe(index)
            }
        }
    }
}

/// A cold observable: each subscription replays the events at times relative to when it subscribed.
final class ColdObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let index = recordSubscribe()
        let disposed = BooleanDisposable()
        for recordedEvent in self.recordedEvents {
            _ = self.testScheduler.scheduleRelativeVirtual((), dueTime: recordedEvent.time) { _ in
                if !disposed.isDisposed {
                    observer.on(recordedEvent.value)
                }
                return Disposables.create()
            }
        }
        return Disposables.create { [weak self] in
            guard !disposed.isDisposed else { return }
            disposed.dispose()
            self?.recordUnsubscribe(index)
        }
    }
}
