/// Represents an object that is both an observable sequence as well as an observer.
///
/// Each notification is broadcasted to all subscribed and future observers, subject to buffer trimming
/// policies.
///
///     let subject = ReplaySubject<Int>.create(bufferSize: 2)
///     subject.onNext(1); subject.onNext(2); subject.onNext(3)
///     subject.subscribe(onNext: { print($0) })   // prints 2, 3, then every later element
///
/// A subscriber that comes after a terminal event gets the buffered elements and then the terminal event.
/// After `dispose()`, subscribers get `RxError.disposed` and events are ignored.
public final class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType, Disposable,
    SynchronizedUnsubscribeType, @unchecked Sendable
{
    // @unchecked: every mutable property is guarded by `lock`.

    /// The observer type of this subject.
    public typealias SubjectObserverType = ReplaySubject<Element>

    typealias Observers = ObserverBag<Element>
    typealias DisposeKey = ObserverBagKey

    private let lock = RecursiveLock()
    private let bufferSize: Int

    // state, guarded by `lock`
    private var buffer = Queue<Element>()
    private var observers = Observers()
    private var stoppedEvent: Event<Element>?
    private var isDisposed = false

    /// Indicates whether the subject has any observers
    public var hasObservers: Bool {
        lock.performLocked { !observers.isEmpty }
    }

    private init(bufferSize: Int) {
        self.bufferSize = Swift.max(bufferSize, 0)
        super.init()
    }

    /// Creates new instance of `ReplaySubject` that replays at most `bufferSize` last elements of sequence.
    ///
    /// - parameter bufferSize: Maximal number of elements to replay to observer after subscription.
    /// - returns: New instance of replay subject.
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: bufferSize)
    }

    /// Creates a new instance of `ReplaySubject` that buffers all the elements of a sequence.
    /// To avoid filling up memory, developer needs to make sure that the use case will only ever store a
    /// 'reasonable' number of elements.
    public static func createUnbounded() -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: Int.max)
    }

    /// Notifies all subscribed observers about next event.
    ///
    /// - parameter event: Event to send to the observers.
    public func on(_ event: Event<Element>) {
        let observers = lock.performLocked { () -> Observers in
            if isDisposed || stoppedEvent != nil {
                return Observers()
            }
            switch event {
            case .next(let element):
                buffer.enqueue(element)
                while buffer.count > bufferSize {
                    _ = buffer.dequeue()
                }
                return self.observers
            case .error, .completed:
                stoppedEvent = event
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
        // As in RxSwift, the buffer is replayed under the (recursive) lock so no new element can interleave.
        lock.performLocked {
            if isDisposed {
                observer.on(.error(RxError.disposed(object: "ReplaySubject")))
                return Disposables.create()
            }
            for element in buffer.elements {
                observer.on(.next(element))
            }
            if let stoppedEvent {
                observer.on(stoppedEvent)
                return Disposables.create()
            }
            let key = observers.insert(observer)
            return SubscriptionDisposable(owner: self, key: key)
        }
    }

    func synchronizedUnsubscribe(_ disposeKey: DisposeKey) {
        lock.performLocked {
            if isDisposed {
                return
            }
            _ = observers.removeKey(disposeKey)
        }
    }

    /// Returns observer interface for subject.
    public func asObserver() -> ReplaySubject<Element> {
        self
    }

    /// Unsubscribe all observers and release resources.
    public func dispose() {
        lock.performLocked {
            isDisposed = true
            observers.removeAll()
            buffer.removeAll()
        }
    }
}
