extension ConnectableObservableType {
    /// Returns an observable sequence that stays connected to the source as long as there is at least one
    /// subscription to the observable sequence.
    ///
    /// - seealso: [refCount operator on reactivex.io](http://reactivex.io/documentation/operators/refcount.html)
    ///
    ///     source.publish().refCount()
    ///     a:  ^-----------!          (first subscriber connects)
    ///     b:      ^----------!       (last unsubscribe disconnects)
    ///     connection: ^--------------!
    ///
    /// A terminal event from the source ends the connection; the next subscriber connects again.
    ///
    /// - returns: An observable sequence that stays connected to the source as long as there is at least one
    ///   subscription to the observable sequence.
    public func refCount() -> Observable<Element> {
        RefCount(source: self)
    }
}

private final class RefCountSink<ConnectableSource: ConnectableObservableType, Observer: ObserverType>:
    ParentSink<RefCount<ConnectableSource>, Observer>, SelfSubscribingSink, ObserverType, @unchecked Sendable
where ConnectableSource.Element == Observer.Element
{
    typealias Element = Observer.Element

    // guarded by `parent.lock`
    private var connectionIdSnapshot: Int64 = -1

    func run() -> Disposable {
        let subscription = parent.source.subscribe(self)
        return parent.lock.performLocked {
            connectionIdSnapshot = parent.connectionId
            if isDisposed {
                return Disposables.create()
            }
            if parent.count == 0 {
                parent.count = 1
                parent.connectableSubscription = parent.source.connect()
            } else {
                parent.count += 1
            }
            return Disposables.create {
                subscription.dispose()
                self.release()
            }
        }
    }

    private func release() {
        parent.lock.performLocked {
            if parent.connectionId != connectionIdSnapshot {
                return
            }
            if parent.count == 1 {
                parent.count = 0
                parent.connectableSubscription?.dispose()
                parent.connectableSubscription = nil
            } else if parent.count > 1 {
                parent.count -= 1
            } else {
                rxFatalError("Something went wrong with RefCount disposing mechanism")
            }
        }
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            forwardOn(event)
        case .error, .completed:
            let connection = parent.lock.performLocked { () -> Disposable? in
                guard parent.connectionId == connectionIdSnapshot else { return nil }
                let connection = parent.connectableSubscription
                parent.count = 0
                parent.connectionId &+= 1
                parent.connectableSubscription = nil
                return connection
            }
            connection?.dispose()
            forwardOn(event)
            dispose()
        }
    }
}

private final class RefCount<ConnectableSource: ConnectableObservableType>: Producer<ConnectableSource.Element>,
    @unchecked Sendable
{
    // @unchecked: `count`, `connectionId` and `connectableSubscription` are guarded by `lock`.
    let lock = RecursiveLock()
    let source: ConnectableSource

    // state, guarded by `lock`
    var count = 0
    var connectionId: Int64 = 0
    var connectableSubscription: Disposable?

    init(source: ConnectableSource) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == ConnectableSource.Element {
        return self.running(RefCountSink(parent: self, observer: observer, cancel: cancel))
    }
}
