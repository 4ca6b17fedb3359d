import Logging
import Synchronization

/// A swift-log handler that keeps every line (message and metadata), to check what the client logs.
struct CapturingLogHandler: LogHandler {
    /// The captured lines, shared by copies of the handler.
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func append(_ line: String) { lines.withLock { $0.append(line) } }
    }

    let lines: Lines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = self.metadata.merging(event.metadata ?? [:]) { $1 }
        let fields = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        lines.append("\(event.level) \(event.message) \(fields)")
    }

    /// A trace-level logger writing into `lines`.
    static func logger(_ lines: Lines) -> Logger {
        Logger(label: "capture") { _ in CapturingLogHandler(lines: lines) }
    }
}
