import Notifier
import Synchronization

/// A `TextOutput` that keeps what commands write.
final class CapturedText: TextOutput {
    let isTerminal = false
    private let storage = Mutex("")

    var text: String { storage.withLock { $0 } }

    func write(_ text: String) throws {
        storage.withLock { $0 += text }
    }
}
