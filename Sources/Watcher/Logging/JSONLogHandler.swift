import Foundation
import Logging

/// A swift-log handler that writes one JSON object per line (`--log-format json`), for log shippers.
///
/// Each line has `time` (ISO 8601, UTC, milliseconds), `level`, `label`, `message`, the merged metadata as
/// `metadata`, and `source`. Lines are written whole, under a lock, so concurrent loggers never interleave.
struct JSONLogHandler: LogHandler {
    /// Where lines go (standard error in production).
    let output: LogOutput
    /// The handler's label (the logger's name).
    let label: String
    /// Supplies the timestamp; the composition root passes the live clock.
    let now: @Sendable () -> Date

    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    /// Creates a handler writing to `output`.
    init(label: String, output: LogOutput, now: @escaping @Sendable () -> Date) {
        self.label = label
        self.output = output
        self.now = now
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() {
            merged.merge(provided) { _, new in new }
        }
        if let explicit = event.metadata {
            merged.merge(explicit) { _, new in new }
        }
        var object: [String: Any] = [
            "time": Self.timestamp(now()),
            "level": event.level.rawValue,
            "label": label,
            "message": event.message.description,
            "source": event.source,
        ]
        if !merged.isEmpty {
            object["metadata"] = merged.mapValues(Self.jsonValue)
        }
        guard
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else {
            return
        }
        output.writeLine(data)
    }

    private static func jsonValue(_ value: Logger.Metadata.Value) -> Any {
        switch value {
        case .string(let string): string
        case .stringConvertible(let convertible): convertible.description
        case .array(let array): array.map(jsonValue)
        case .dictionary(let dictionary): dictionary.mapValues(jsonValue)
        }
    }

    private static func timestamp(_ date: Date) -> String {
        date.formatted(
            Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: TimeZone(identifier: "UTC")!)
        )
    }
}
