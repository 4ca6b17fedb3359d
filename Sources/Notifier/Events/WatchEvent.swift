import Foundation

/// Something glwatch noticed and may notify about: new commits, a new contributor, a branch change, or a
/// change in a project's or the watcher's health.
///
/// Its JSON form (see `WatchEvent+Codable.swift`) is versioned and is exactly the webhook payload, so what
/// the store keeps, what rules see and what receivers get are one documented shape. Build events with the
/// factory methods in `WatchEvent+Factories.swift`, which derive the stable id.
public struct WatchEvent: Sendable, Hashable, Identifiable {
    /// The payload version this library writes; a newer version is rejected when decoding.
    public static let schemaVersion = 1

    /// The stable, content-derived id (see `EventID`).
    public var id: String
    /// When glwatch noticed the change (whole milliseconds).
    public var occurredAt: Date
    /// The project the event is about.
    public var project: ProjectRef
    /// The branch the event is about, if it is about one.
    public var branch: String?
    /// The type-specific part.
    public var details: EventDetails

    /// Creates an event; without an `id`, the stable id is derived from the content.
    public init(id: String? = nil, occurredAt: Date, project: ProjectRef, branch: String?, details: EventDetails) {
        self.occurredAt = occurredAt.roundedToMilliseconds
        self.project = project
        self.branch = branch
        self.details = details
        self.id =
            id
            ?? EventID.derive(
                type: details.type,
                projectKey: project.key,
                branch: branch,
                parts: details.identityParts
            )
    }

    /// The event type.
    public var type: EventType { details.type }

    /// The commits rule conditions look at (see `EventDetails.commits`).
    public var commits: [Commit] { details.commits }
}
