import Notifier
import Synchronization

/// A `TextOutput` that keeps what is written.
final class CapturedOutput: TextOutput {
    let isTerminal: Bool
    private let storage = Mutex("")

    init(isTerminal: Bool = false) {
        self.isTerminal = isTerminal
    }

    var text: String { storage.withLock { $0 } }

    func write(_ text: String) throws {
        storage.withLock { $0 += text }
    }
}
