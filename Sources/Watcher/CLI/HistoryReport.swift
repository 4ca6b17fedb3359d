import Foundation
import Notifier

/// What `glwatch history` lists, and the shape of `glwatch history --json` (version 1, fields only ever added).
///
/// Each event carries its full payload (`event`, exactly the webhook payload) and its deliveries.
struct HistoryReport: Encodable, Sendable {
    /// One stored event.
    struct Entry: Encodable, Sendable {
        /// The stable event id (what `replay` and `test-rule --event` take).
        var id: String
        /// The event type, like `commits.new`.
        var type: String
        /// The project key, `instance/id`.
        var projectKey: String
        /// The project's path when the event was recorded.
        var path: String?
        /// The branch, for branch events.
        var branch: String?
        /// When glwatch recorded it.
        var createdAt: Date
        /// One line for people, like `3 new commits on main in acme/api`.
        var summary: String
        /// Its deliveries, oldest first.
        var deliveries: [Delivery]
        /// The event payload (absent if this glwatch cannot read it).
        var event: WatchEvent?
    }

    /// One delivery of an event.
    struct Delivery: Encodable, Sendable {
        /// The delivery id (what `deliveries --retry` takes).
        var id: Int64
        /// The sink.
        var sink: String
        /// `pending`, `failed`, `delivered` or `dead`.
        var state: String
        /// Attempts since it was last queued.
        var attempts: Int
        /// The last failure.
        var lastError: String?
    }

    /// The shape's version.
    var version = 1
    /// Newest first.
    var events: [Entry]

    /// Builds the report from stored events.
    init(_ stored: [StoredEvent]) {
        let template = MessageTemplate.builtIn(.plain)
        events = stored.map { item in
            let event = try? WatchEvent(outbox: item.event)
            let summary =
                event.map { template.render([$0], dialect: .plain).split(separator: "\n").first.map(String.init) }
                ?? nil
            return Entry(
                id: item.event.id,
                type: item.event.type,
                projectKey: item.event.projectKey,
                path: event?.project.path,
                branch: item.event.branch,
                createdAt: item.event.createdAt,
                summary: summary ?? item.event.type,
                deliveries: item.deliveries.map {
                    Delivery(
                        id: $0.id,
                        sink: $0.sink,
                        state: $0.state.rawValue,
                        attempts: $0.attempts,
                        lastError: $0.lastError
                    )
                },
                event: event
            )
        }
    }
}
