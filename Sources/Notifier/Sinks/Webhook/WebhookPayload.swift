import Foundation

/// The webhook body: a single event's JSON (see `WatchEvent+Codable.swift`), or for a digest
/// `{"version": 1, "id": "<digest id>", "type": "digest", "timestamp": "<last event's time>",
/// "data": {"events": [<event>, …]}}`.
enum WebhookPayload {
    private struct Digest: Encodable {
        struct Events: Encodable {
            var events: [WatchEvent]
        }

        var version = WatchEvent.schemaVersion
        var id: String
        var type = "digest"
        var timestamp: Date
        var data: Events
    }

    /// The body for a batch, shortening commit messages until it is at most `maxBytes` (when it can be).
    static func encode(_ batch: DeliveryBatch, maxBytes: Int) throws -> Data {
        var events = batch.events
        var body = try encode(id: batch.id, events: events)
        // Halve the longest allowed message until the body fits; titles go last, down to 200 bytes.
        var cap = 64 * 1024
        while body.count > maxBytes, cap >= 64 {
            events = events.map { $0.shorteningCommitMessages(toBytes: cap, titleBytes: max(200, cap / 4)) }
            body = try encode(id: batch.id, events: events)
            cap /= 2
        }
        return body
    }

    private static func encode(id: String, events: [WatchEvent]) throws -> Data {
        let encoder = EventJSON.encoder()
        if events.count == 1 { return try encoder.encode(events[0]) }
        return try encoder.encode(
            Digest(
                id: id,
                timestamp: events.last?.occurredAt ?? Date(timeIntervalSince1970: 0),
                data: Digest.Events(events: events)
            )
        )
    }
}
