/// A first-in first-out buffer with amortized O(1) `enqueue` and `dequeue`; `zip`, `takeLast`,
/// `merge(maxConcurrent:)`, `observe(on:)`, `delay` and `ReplaySubject` keep their pending elements in one.
struct Queue<Element> {
    private var storage: [Element?] = []
    private var head = 0

    var isEmpty: Bool { head == storage.count }

    var count: Int { storage.count - head }

    mutating func enqueue(_ element: Element) {
        storage.append(element)
    }

    mutating func dequeue() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
        storage[head] = nil
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 32 && head * 2 >= storage.count {
            // Reclaim the consumed prefix once it is at least half of the storage.
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    /// The element `dequeue()` would return, if any.
    func peek() -> Element? {
        head < storage.count ? storage[head] : nil
    }

    mutating func removeAll() {
        storage.removeAll()
        head = 0
    }

    /// The queued elements, oldest first.
    var elements: [Element] {
        storage[head...].map { $0! }
    }
}
