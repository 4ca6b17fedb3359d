/// One HTTP header of an outgoing message; a secret one (an `Authorization` value from the environment) is
/// shown as `<redacted>` in dry runs.
public struct HTTPHeader: Sendable, Hashable {
    /// The header name.
    public var name: String
    /// The header value.
    public var value: String
    /// Whether the value must never be shown.
    public var isSecret: Bool

    /// Creates a header.
    public init(_ name: String, _ value: String, isSecret: Bool = false) {
        self.name = name
        self.value = value
        self.isSecret = isSecret
    }

    /// `Name: value`, or `Name: <redacted>` for a secret value.
    public var displayLine: String { "\(name): \(isSecret ? "<redacted>" : value)" }
}
