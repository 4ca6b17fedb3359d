import Foundation
import Notifier

/// The process's standard error, as a `TextOutput` (where commands print problems).
struct StandardErrorOutput: TextOutput {
    /// Whether standard error is a terminal.
    var isTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Writes to standard error.
    func write(_ text: String) throws {
        try FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
}
