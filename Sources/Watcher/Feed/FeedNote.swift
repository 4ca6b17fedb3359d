import Foundation

/// Where the leader's change feed of one instance stands, published for the other replicas after each complete
/// read (`ReplicaLeases.publishLeaderNote`, under `feed <instance>`):
///
/// - a follower treats its projects as covered by the feed (polled on the sweep only) while `readAt` is recent,
///   since the leader passes their hints on;
/// - a new leader goes on from `reference` (`FeedReader.resume(at:)`), so the pushes between its predecessor's
///   last read and its own first one are hinted, not only primed over.
package struct FeedNote: Sendable, Equatable, Codable {
    /// The `created_at` (GitLab's clock) of the newest event at the last complete read; `nil` while the feed is
    /// empty.
    package var reference: Date?
    /// When that read completed (the leader's clock).
    package var readAt: Date

    /// Creates a note.
    package init(reference: Date?, readAt: Date) {
        self.reference = reference
        self.readAt = readAt
    }

    /// The note's name for the change feed of `instance`.
    static func name(instance: String) -> String { "feed \(instance)" }

    /// The note as stored (JSON, dates in milliseconds since 1970).
    func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// The note `value` holds (`encoded()`).
    init(decoding value: String) throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        self = try decoder.decode(Self.self, from: Data(value.utf8))
    }
}
