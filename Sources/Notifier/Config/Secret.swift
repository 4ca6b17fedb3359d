/// A value that must never be shown: a sink URL with a token in it, a signing secret, a header value.
///
/// Its descriptions and reflection say `<redacted>`, so it cannot leak through logs, errors, `dump()` or
/// string interpolation; code that really needs the value calls `reveal()`.
public struct Secret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    private let value: String

    /// Wraps a secret value.
    public init(_ value: String) {
        self.value = value
    }

    /// The secret value, for the one place that must use it (signing, connecting).
    public func reveal() -> String { value }

    /// `<redacted>`.
    public var description: String { "<redacted>" }

    /// `<redacted>`.
    public var debugDescription: String { "<redacted>" }

    /// A mirror without children, so `dump()` shows nothing of the value.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
