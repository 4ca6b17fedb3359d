import Foundation

/// A JSON value with ordered object keys, rendered by hand so the fake controls every byte it answers with
/// (`null`s, key order, number forms) — it never borrows the client's models or encoders.
public enum FakeJSON: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByNilLiteral
{
    /// A string.
    case string(String)
    /// An integer (GitLab ids are 64-bit).
    case int(Int64)
    /// A floating-point number.
    case double(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array.
    case array([FakeJSON])
    /// An object, keys in order.
    case object([(String, FakeJSON)])

    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer.
    public init(integerLiteral value: Int64) { self = .int(value) }
    /// A boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array.
    public init(arrayLiteral elements: FakeJSON...) { self = .array(elements) }
    /// `null`.
    public init(nilLiteral: ()) { self = .null }

    /// A string, or `null` for `nil`.
    public static func optional(_ value: String?) -> FakeJSON { value.map(FakeJSON.string) ?? .null }
    /// An integer, or `null` for `nil`.
    public static func optional(_ value: Int64?) -> FakeJSON { value.map(FakeJSON.int) ?? .null }

    /// Compares values; object keys must match in order.
    public static func == (lhs: FakeJSON, rhs: FakeJSON) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// The compact JSON text.
    public func rendered() -> String {
        var output = ""
        render(into: &output)
        return output
    }

    /// The JSON text as bytes.
    public func bytes() -> [UInt8] { Array(rendered().utf8) }

    private func render(into output: inout String) {
        switch self {
        case .string(let value): Self.renderString(value, into: &output)
        case .int(let value): output += String(value)
        case .double(let value): output += value.isFinite ? String(value) : "null"
        case .bool(let value): output += value ? "true" : "false"
        case .null: output += "null"
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.render(into: &output)
            }
            output += "]"
        case .object(let fields):
            output += "{"
            for (index, field) in fields.enumerated() {
                if index > 0 { output += "," }
                Self.renderString(field.0, into: &output)
                output += ":"
                field.1.render(into: &output)
            }
            output += "}"
        }
    }

    private static func renderString(_ value: String, into output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
