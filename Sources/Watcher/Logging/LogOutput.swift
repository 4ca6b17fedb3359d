import Foundation

/// A destination for whole log lines; writes are serialized so lines never interleave.
final class LogOutput: Sendable {
    private let write: @Sendable (Data) -> Void
    private let lock = NSLock()

    /// Creates an output that hands each line (newline included) to `write`.
    init(write: @escaping @Sendable (Data) -> Void) {
        self.write = write
    }

    /// Standard error, where glwatch logs.
    static func standardError() -> LogOutput {
        LogOutput { FileHandle.standardError.write($0) }
    }

    /// Writes `line` followed by a newline, atomically with respect to other lines.
    func writeLine(_ line: Data) {
        var data = line
        data.append(0x0A)
        lock.lock()
        defer { lock.unlock() }
        write(data)
    }
}
