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

extension Secret {
    /// Where the value has a control character (a line break, NUL, DEL, …: a token pasted with its `\r\n`), as a
    /// 1-based position for messages that must never show the value; `nil` when it has none. Such a value cannot go
    /// into an HTTP header or a request line, so glwatch refuses it when loading rather than at delivery.
    public static func controlCharacterPosition(in value: String) -> Int? {
        value.unicodeScalars.firstIndex(where: \.isControlCharacter)
            .map { value.unicodeScalars.distance(from: value.unicodeScalars.startIndex, to: $0) + 1 }
    }

    /// Where `url` has a control character, written as is or percent-encoded (`%0D%0A`, which URL parsers decode
    /// into headers and paths), as a 1-based position; `nil` when it has none.
    public static func controlCharacterPosition(inURL url: String) -> Int? {
        if let position = controlCharacterPosition(in: url) { return position }
        let scalars = Array(url.unicodeScalars)
        for index in scalars.indices where scalars[index] == "%" && index + 2 < scalars.count {
            let hex = String(String.UnicodeScalarView(scalars[(index + 1)...(index + 2)]))
            if let byte = UInt8(hex, radix: 16), byte < 0x20 || byte == 0x7F { return index + 1 }
        }
        return nil
    }
}

extension Unicode.Scalar {
    /// C0 controls, DEL and C1 controls (Unicode's `Cc`).
    var isControlCharacter: Bool { properties.generalCategory == .control }
}
