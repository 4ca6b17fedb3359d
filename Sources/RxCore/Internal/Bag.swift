/// An insertion-ordered collection of values addressed by keys; subjects keep their observers in one so that
/// events reach observers in subscription order.
struct Bag<T> {
    struct Key: Hashable {
        fileprivate let rawValue: UInt64
    }

    private var nextKey: UInt64 = 0
    private var entries: [(key: UInt64, value: T)] = []

    var count: Int { entries.count }

    var isEmpty: Bool { entries.isEmpty }

    mutating func insert(_ value: T) -> Key {
        let key = nextKey
        nextKey &+= 1
        entries.append((key, value))
        return Key(rawValue: key)
    }

    @discardableResult
    mutating func removeKey(_ key: Key) -> T? {
        // Keys grow monotonically, so entries stay sorted by key: binary search.
        var low = 0
        var high = entries.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let candidate = entries[middle].key
            if candidate == key.rawValue {
                return entries.remove(at: middle).value
            } else if candidate < key.rawValue {
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return nil
    }

    mutating func removeAll() {
        entries.removeAll()
    }

    func forEach(_ action: (T) -> Void) {
        for entry in entries {
            action(entry.value)
        }
    }
}
