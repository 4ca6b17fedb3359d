import Synchronization

extension ObservableType {
    /// Multicasts the source sequence notifications through the specified subject to the resulting connectable
    /// observable.
    ///
    /// Upon connection of the connectable observable, the subject is subscribed to the source exactly one, and
    /// messages are forwarded to the observers registered with the connectable observable.
    ///
    /// For specializations with fixed subject types, see `publish` and `replay`.
    ///
    /// - seealso: [multicast operator on reactivex.io](http://reactivex.io/documentation/operators/publish.html)
    ///
    ///     source:              --1--2--3--|
    ///     multicast(subject), connected at 0, two observers:
    ///     a:                   --1--2--3--|
    ///     b (subscribed at 4): --------3--|
    ///
    /// - parameter subject: Subject to push source elements into.
    /// - returns: A connectable observable sequence that upon connection causes the source sequence to push
    ///   results into the specified subject.
    public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        ConnectableObservableAdapter(source: asObservable(), makeSubject: { subject })
    }

    /// Multicasts the source sequence notifications through an instantiated subject to the resulting connectable
    /// observable.
    ///
    /// Upon connection of the connectable observable, the subject is subscribed to the source exactly one, and
    /// messages are forwarded to the observers registered with the connectable observable.
    ///
    /// Subject is cleared on connection disposal or in case source sequence produces terminal event.
    ///
    /// - seealso: [multicast operator on reactivex.io](http://reactivex.io/documentation/operators/publish.html)
    ///
    /// - parameter makeSubject: Factory function used to instantiate a subject for each connection.
    /// - returns: A connectable observable sequence that upon connection causes the source sequence to push
    ///   results into the specified subject.
    public func multicast<Subject: SubjectType>(makeSubject: @escaping () -> Subject)
        -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        ConnectableObservableAdapter(source: asObservable(), makeSubject: makeSubject)
    }

    /// Returns a connectable observable sequence that shares a single subscription to the underlying sequence.
    ///
    /// This operator is a specialization of `multicast` using a `PublishSubject`.
    ///
    /// - seealso: [publish operator on reactivex.io](http://reactivex.io/documentation/operators/publish.html)
    ///
    /// - returns: A connectable observable sequence that shares a single subscription to the underlying
    ///   sequence.
    public func publish() -> ConnectableObservable<Element> {
        multicast { PublishSubject() }
    }

    /// Returns a connectable observable sequence that shares a single subscription to the underlying sequence
    /// replaying bufferSize elements.
    ///
    /// This operator is a specialization of `multicast` using a `ReplaySubject`.
    ///
    /// - seealso: [replay operator on reactivex.io](http://reactivex.io/documentation/operators/replay.html)
    ///
    /// - parameter bufferSize: Maximum element count of the replay buffer.
    /// - returns: A connectable observable sequence that shares a single subscription to the underlying
    ///   sequence.
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        multicast { ReplaySubject.create(bufferSize: bufferSize) }
    }

    /// Returns a connectable observable sequence that shares a single subscription to the underlying sequence
    /// replaying all elements.
    ///
    /// This operator is a specialization of `multicast` using a `ReplaySubject`.
    ///
    /// - seealso: [replay operator on reactivex.io](http://reactivex.io/documentation/operators/replay.html)
    ///
    /// - returns: A connectable observable sequence that shares a single subscription to the underlying
    ///   sequence.
    public func replayAll() -> ConnectableObservable<Element> {
        multicast { ReplaySubject.createUnbounded() }
    }
}

/// One connection of a `ConnectableObservableAdapter` to its source; disposing it (or a terminal event from the
/// source) disconnects and lets the next `connect()` start over with a new subject from the factory.
private final class Connection<Subject: SubjectType>: ObserverType, Disposable, @unchecked Sendable {
    // @unchecked: `parent` and `subscription` are only touched under the adapter's `lock`; `disposed` is atomic.
    typealias Element = Subject.Observer.Element

    private let lock: RecursiveLock
    private let subjectObserver: Subject.Observer
    private let disposed = Atomic<Bool>(false)

    // state, guarded by `lock`
    private var parent: ConnectableObservableAdapter<Subject>?
    private var subscription: Disposable?

    init(
        parent: ConnectableObservableAdapter<Subject>,
        subjectObserver: Subject.Observer,
        lock: RecursiveLock,
        subscription: Disposable
    ) {
        self.parent = parent
        self.subscription = subscription
        self.lock = lock
        self.subjectObserver = subjectObserver
    }

    func on(_ event: Event<Element>) {
        if disposed.load(ordering: .acquiring) {
            return
        }
        if event.isStopEvent {
            dispose()
        }
        subjectObserver.on(event)
    }

    func dispose() {
        lock.performLocked {
            disposed.store(true, ordering: .releasing)
            guard let parent else { return }
            if parent.connection === self {
                parent.connection = nil
                parent.subject = nil
            }
            self.parent = nil
            subscription?.dispose()
            subscription = nil
        }
    }
}

private final class ConnectableObservableAdapter<Subject: SubjectType>: ConnectableObservable<Subject.Element>,
    @unchecked Sendable
{
    // @unchecked: `subject` and `connection` are guarded by `lock`.
    typealias ConnectionType = Connection<Subject>

    private let source: Observable<Subject.Observer.Element>
    private let makeSubject: () -> Subject

    let lock = RecursiveLock()

    // state, guarded by `lock`
    var subject: Subject?
    var connection: ConnectionType?

    init(source: Observable<Subject.Observer.Element>, makeSubject: @escaping () -> Subject) {
        self.source = source
        self.makeSubject = makeSubject
        super.init()
    }

    override func connect() -> Disposable {
        lock.performLocked {
            if let connection {
                return connection
            }
            let subscription = SingleAssignmentDisposable()
            let connection = Connection(
                parent: self,
                subjectObserver: lazySubject.asObserver(),
                lock: lock,
                subscription: subscription
            )
            self.connection = connection
            subscription.setDisposable(source.subscribe(connection))
            return connection
        }
    }

    private var lazySubject: Subject {
        if let subject {
            return subject
        }
        let subject = makeSubject()
        self.subject = subject
        return subject
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Subject.Element {
        lock.performLocked { lazySubject }.subscribe(observer)
    }
}
