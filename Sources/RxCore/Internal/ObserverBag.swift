/// The observers of a subject (or of a shared connection) in subscription order, each addressed by a key so that
/// its subscription can remove it.
///
/// Subjects run as unspecialized generic code, where iterating an array whose element type depends on
/// `Element` goes through the runtime's generic collection code and value witnesses (about half the cost of
/// `PublishSubject.on` when observers were stored as `[(key, closure)]`). Here the handlers live in a
/// `ContiguousArray<AnyObject>`, whose loop is specialized whatever `Element` is, and each is called through a
/// class method.
struct ObserverBag<Element> {
    typealias Key = ObserverBagKey

    private var nextKey: UInt64 = 0
    /// Ascending, parallel to `handlers`.
    private var keys: [UInt64] = []
    /// `EventHandler<Element>` instances.
    private var handlers: ContiguousArray<AnyObject> = []

    var count: Int { keys.count }

    var isEmpty: Bool { keys.isEmpty }

    mutating func insert<Observer: ObserverType>(_ observer: Observer) -> Key where Observer.Element == Element {
        let key = nextKey
        nextKey &+= 1
        keys.append(key)
        handlers.append(ObserverHandler(observer))
        return Key(rawValue: key)
    }

    /// Removes the observer for `key`; returns whether it was there.
    @discardableResult
    mutating func removeKey(_ key: Key) -> Bool {
        // Keys grow monotonically, so `keys` stays sorted: binary search.
        var low = 0
        var high = keys.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let candidate = keys[middle]
            if candidate == key.rawValue {
                keys.remove(at: middle)
                handlers.remove(at: middle)
                return true
            } else if candidate < key.rawValue {
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return false
    }

    mutating func removeAll() {
        keys.removeAll()
        handlers.removeAll()
    }

    /// Sends `event` to every observer, in subscription order.
    func on(_ event: Event<Element>) {
        for handler in handlers {
            unsafeDowncast(handler, to: EventHandler<Element>.self).on(event)
        }
    }
}

/// Identifies one observer in an `ObserverBag` (not nested in the generic bag, so it is one concrete type).
struct ObserverBagKey: Hashable, Sendable {
    fileprivate let rawValue: UInt64
}

/// A type-erased observer held by an `ObserverBag`.
class EventHandler<Element> {
    func on(_ event: Event<Element>) {
        rxAbstractMethod()
    }
}

private final class ObserverHandler<Observer: ObserverType>: EventHandler<Observer.Element> {
    private let observer: Observer

    init(_ observer: Observer) {
        self.observer = observer
    }

    override func on(_ event: Event<Observer.Element>) {
        observer.on(event)
    }
}
