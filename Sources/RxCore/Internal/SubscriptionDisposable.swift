import Synchronization

/// An owner that removes a subscriber by key under its own lock (subjects, shared connections).
protocol SynchronizedUnsubscribeType: AnyObject, Sendable {
    func synchronizedUnsubscribe(_ disposeKey: ObserverBagKey)
}

/// The disposable a multicasting owner hands to each subscriber: disposing it unsubscribes that key once and
/// drops the reference to the owner, so a forgotten subscription never keeps the owner alive after disposal.
///
/// Not generic on purpose: one is created per subscription, and a generic class would cost a metadata lookup
/// each time in unspecialized code.
final class SubscriptionDisposable: DisposeBase, Disposable, @unchecked Sendable {
    // @unchecked: `owner` is only read and cleared under `lock`; `key` is immutable.
    private let lock = Mutex<Void>(())
    private var owner: (any SynchronizedUnsubscribeType)?
    private let key: ObserverBagKey

    init(owner: any SynchronizedUnsubscribeType, key: ObserverBagKey) {
        self.owner = owner
        self.key = key
        super.init()
    }

    func dispose() {
        let owner = lock.withLock { _ -> (any SynchronizedUnsubscribeType)? in
            let owner = self.owner
            self.owner = nil
            return owner
        }
        owner?.synchronizedUnsubscribe(key)
    }
}
