import Foundation
import Synchronization

/// The lines a child process writes to a pipe, as an async sequence (read through the pipe's readability
/// handler: no blocking read on a test thread).
final class ChildLines: Sendable {
    private let stream: AsyncStream<String>

    /// Output received after the last complete line.
    private final class Pending: Sendable {
        let text = Mutex("")
    }

    init(_ output: FileHandle) {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        self.stream = stream
        let pending = Pending()
        output.readabilityHandler = { handle in
            let data = handle.availableData
            guard !data.isEmpty else {
                handle.readabilityHandler = nil
                continuation.finish()
                return
            }
            let lines = pending.text.withLock { pending -> [String] in
                pending += String(decoding: data, as: UTF8.self)
                var lines: [String] = []
                while let newline = pending.firstIndex(of: "\n") {
                    lines.append(String(pending[..<newline]))
                    pending.removeSubrange(...newline)
                }
                return lines
            }
            for line in lines { continuation.yield(line) }
        }
    }

    /// Waits for `count` more lines; returns how many came before the child closed its output.
    func skip(_ count: Int) async -> Int {
        guard count > 0 else { return 0 }
        var read = 0
        for await _ in stream {
            read += 1
            if read >= count { break }
        }
        return read
    }
}
