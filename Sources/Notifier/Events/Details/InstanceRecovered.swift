import Foundation

/// What an `instance.recovered` event carries: an instance that was unreachable answers again.
public struct InstanceRecovered: Sendable, Hashable, Codable {
    /// The instance's base URL.
    public var url: String
    /// When the instance became unreachable (the `since` of its `instance.unreachable`).
    public var unreachableSince: Date

    /// Creates the details of an `instance.recovered` event.
    public init(url: String, unreachableSince: Date) {
        self.url = url
        self.unreachableSince = unreachableSince.roundedToMilliseconds
    }

    enum CodingKeys: String, CodingKey {
        case url
        case unreachableSince = "unreachable_since"
    }
}
