/// The rule for sink names in the store: plain names only, so a URL or token can never end up in the database.
enum SinkName {
    /// Longest accepted name.
    static let maximumLength = 64

    /// Throws `StateStoreError.invalidSinkName` unless `name` is 1–64 characters of `[A-Za-z0-9_.-]`.
    ///
    /// The error shows the name only when it cannot be a secret (no `:`, `/`, `@`, `?`, `=`); otherwise it is
    /// redacted, since such a "name" is most likely a URL with a token in it.
    static func validate(_ name: String) throws {
        let allowed = name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"):
                return true
            default:
                return false
            }
        }
        guard allowed, !name.isEmpty, name.utf8.count <= maximumLength else {
            throw StateStoreError.invalidSinkName(displayable(name))
        }
    }

    /// `name` if it cannot hold a secret, else a redaction marker.
    static func displayable(_ name: String) -> String {
        let suspicious = name.contains { ":/@?=".contains($0) }
        return suspicious ? "<redacted: looks like a URL or credential>" : "\"\(name)\""
    }
}
