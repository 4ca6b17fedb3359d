/// A token or password that must never be printed.
///
/// Its `description`, `debugDescription` and mirror (what `print`, `String(reflecting:)`, `dump` and string
/// interpolation show) are all `<redacted>`; only `exposedValue` reveals it, which the client reads when it
/// builds a request header or form body and nowhere else.
public struct GitLabSecret: Sendable, Hashable, Codable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The secret itself.
    ///
    /// Read it only to put it on the wire or into a secret store.
    public let exposedValue: String

    /// Wraps a secret.
    public init(_ value: String) { self.exposedValue = value }

    /// `<redacted>`.
    public var description: String { "<redacted>" }
    /// `<redacted>`.
    public var debugDescription: String { "<redacted>" }
    /// A mirror without children, so `dump` and reflection show nothing.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// Whether the secret is empty (an unset environment variable, say).
    public var isEmpty: Bool { exposedValue.isEmpty }

    /// Decodes the secret from a plain string (an OAuth token response, a secret store).
    public init(from decoder: any Decoder) throws {
        self.exposedValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the secret as a plain string, for a secret store.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(exposedValue)
    }
}
