import Foundation

/// Converts commit SHAs between GitLab's hex text and the raw bytes the reported-commit table keeps.
package enum CommitSHA {
    /// The raw bytes of a 40-digit (SHA-1) or 64-digit (SHA-256) hex SHA; `nil` for anything else.
    package static func bytes(fromHex hex: String) -> Data? {
        let utf8 = Array(hex.utf8)
        guard utf8.count == 40 || utf8.count == 64 else { return nil }
        var bytes = Data(capacity: utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    /// Lowercase hex of raw SHA bytes.
    static func hex(fromBytes bytes: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether `text` is a 40- or 64-digit hex SHA.
    static func isValid(_ text: String) -> Bool {
        bytes(fromHex: text) != nil
    }

    private static func nibble(_ char: UInt8) -> UInt8? {
        switch char {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return char - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return char - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return char - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
