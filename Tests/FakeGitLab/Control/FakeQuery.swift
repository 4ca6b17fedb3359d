/// Query-string and path decoding the way Rack does it: `+` is a space in queries, `%XX` is a byte.
enum FakeQuery {
    /// Name → values, in order.
    static func parse(_ query: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for pair in query.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(String(parts[0]), plusIsSpace: true)
            let value = parts.count > 1 ? decode(String(parts[1]), plusIsSpace: true) : ""
            result[name, default: []].append(value)
        }
        return result
    }

    /// Percent-decodes `string` (and `+` → space when `plusIsSpace`).
    static func decode(_ string: String, plusIsSpace: Bool) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(string.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else if byte == UInt8(ascii: "+"), plusIsSpace {
                bytes.append(UInt8(ascii: " "))
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Percent-encodes everything but unreserved characters (for the links the fake writes).
    static func encode(_ string: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        var result = ""
        for byte in string.utf8 {
            if unreserved.contains(byte) {
                result.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}
