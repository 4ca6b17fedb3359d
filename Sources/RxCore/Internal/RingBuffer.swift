/// A FIFO queue on a growable circular buffer: amortized O(1) `enqueue` and `dequeue`, no shifting. The
/// time-based operators keep pending events in one (`observe(on:)`, `delay`) and `ReplaySubject` its buffer.
struct RingBuffer<Element> {
    private var storage: ContiguousArray<Element?>
    private var head = 0
    private(set) var count = 0

    init(capacity: Int = 0) {
        storage = ContiguousArray(repeating: nil, count: Swift.max(capacity, 0))
    }

    var isEmpty: Bool { count == 0 }

    /// The element `dequeue()` would return, if any.
    func peek() -> Element? {
        isEmpty ? nil : storage[head]
    }

    mutating func enqueue(_ element: Element) {
        if count == storage.count {
            grow()
        }
        storage[(head + count) % storage.count] = element
        count += 1
    }

    @discardableResult
    mutating func dequeue() -> Element? {
        guard count > 0 else { return nil }
        let element = storage[head]
        storage[head] = nil
        head = (head + 1) % storage.count
        count -= 1
        return element
    }

    mutating func removeAll() {
        storage = []
        head = 0
        count = 0
    }

    /// Calls `body` with every element, oldest first.
    func forEach(_ body: (Element) throws -> Void) rethrows {
        var index = head
        for _ in 0..<count {
            try body(storage[index]!)
            index = (index + 1) % storage.count
        }
    }

    private mutating func grow() {
        var larger = ContiguousArray<Element?>(repeating: nil, count: Swift.max(storage.count * 2, 4))
        forEachIndexed { offset, element in larger[offset] = element }
        storage = larger
        head = 0
    }

    private func forEachIndexed(_ body: (Int, Element) -> Void) {
        var index = head
        for offset in 0..<count {
            body(offset, storage[index]!)
            index = (index + 1) % storage.count
        }
    }
}
