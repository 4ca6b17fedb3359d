import Synchronization

/// An owner that removes a subscriber by key under its own lock (subjects, connections, shared sequences).
protocol SynchronizedUnsubscribeType: AnyObject, Sendable {
    associatedtype DisposeKey: Sendable

    func synchronizedUnsubscribe(_ disposeKey: DisposeKey)
}

/// The disposable a multicasting owner hands to each subscriber: disposing it unsubscribes that key once and
/// drops the reference to the owner, so a forgotten subscription never keeps the owner alive.
final class SubscriptionDisposable<Owner: SynchronizedUnsubscribeType>: DisposeBase, Disposable,
    @unchecked Sendable
{
    // @unchecked: `owner` is only read and cleared under `lock`; `key` is immutable.
    private let lock = Mutex<Void>(())
    private var owner: Owner?
    private let key: Owner.DisposeKey

    init(owner: Owner, key: Owner.DisposeKey) {
        self.owner = owner
        self.key = key
        super.init()
    }

    func dispose() {
        let owner = lock.withLock { _ -> Owner? in
            let owner = self.owner
            self.owner = nil
            return owner
        }
        owner?.synchronizedUnsubscribe(key)
    }
}
