import Foundation

/// The lines a child process writes to a pipe, as an async sequence, read by a thread of its own (blocking reads off
/// the test's threads) until the child closes its end.
///
/// Not through the handle's `readabilityHandler`: on Linux that is a dispatch source on the pipe's descriptor, and a
/// handle released with its source still registered (a test that ends before its child's output does) leaves
/// libdispatch's event loop with a descriptor that was closed and may be reused — the test process then crashed, now
/// and then, in `_dispatch_event_loop_drain` (seen twice in about a dozen runs of the suite). The thread keeps the
/// handle until the end of its output.
final class ChildLines: Sendable {
    private let stream: AsyncStream<String>

    init(_ output: FileHandle) {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        self.stream = stream
        let reader = Thread {
            var pending = ""
            while true {
                let data = output.availableData  // blocks until output comes or the child closes its end
                if data.isEmpty { break }
                pending += String(decoding: data, as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    continuation.yield(String(pending[..<newline]))
                    pending.removeSubrange(...newline)
                }
            }
            continuation.finish()
        }
        reader.name = "ChildLines"
        reader.start()
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
