import Foundation

/// What a `project.recovered` event carries.
public struct ProjectRecovered: Sendable, Hashable, Codable {
    /// When the project's polls began to fail (it became unreachable, or stalled).
    public var unreachableSince: Date

    /// Creates the details of a `project.recovered` event.
    public init(unreachableSince: Date) {
        self.unreachableSince = unreachableSince.roundedToMilliseconds
    }

    enum CodingKeys: String, CodingKey {
        case unreachableSince = "unreachable_since"
    }
}
