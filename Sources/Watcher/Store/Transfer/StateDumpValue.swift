import Foundation

/// One value of a state export's row, typed by its column's `StateDump.Kind`.
enum StateDumpValue: Sendable, Hashable {
    /// SQL NULL (`null` in the file).
    case null
    /// An `integer` column's value.
    case integer(Int64)
    /// A `text` column's value.
    case text(String)
    /// A `bytes` column's value (base64 in the file).
    case bytes(Data)
    /// A `flag` column's value.
    case flag(Bool)

    /// The value as one JSON token.
    var json: String {
        switch self {
        case .null: return "null"
        case .integer(let value): return String(value)
        case .text(let value): return Self.jsonString(value)
        case .bytes(let value): return "\"" + value.base64EncodedString() + "\""
        case .flag(let value): return value ? "true" : "false"
        }
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped; everything else (UTF-8)
    /// as it is.
    static func jsonString(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}":
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// A scalar as JSON spells it, before its column says what it means.
enum StateDumpJSONScalar: Decodable, Sendable {
    case null
    case integer(Int64)
    case string(String)
    case bool(Bool)
    case other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else {
            self = .other
        }
    }
}
