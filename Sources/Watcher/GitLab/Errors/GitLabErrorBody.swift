import Foundation

/// Reads GitLab's error message out of an error response body.
///
/// GitLab answers errors in several shapes: `{"message": "404 Project Not Found"}`, `{"error": "404 Not Found"}`,
/// `{"error": "invalid_token", "error_description": "Token is expired…"}`, a `message` object keyed by field
/// (`{"message": {"bio": ["is too long"]}}`), or plain text (`Retry later`).
enum GitLabErrorBody {
    /// The longest message kept from a plain-text body.
    static let maximumTextLength = 300

    /// GitLab's message in `body`, or `nil` when the body is empty.
    static func message(from body: [UInt8]) -> String? {
        guard !body.isEmpty else { return nil }
        if let json = try? JSONDecoder().decode(JSONValue.self, from: Data(body)), case .object(let object) = json {
            var parts: [String] = []
            if let error = object["error"]?.flattened, !error.isEmpty { parts.append(error) }
            if let detail = object["error_description"]?.flattened, !detail.isEmpty { parts.append(detail) }
            if let message = object["message"]?.flattened, !message.isEmpty { parts.append(message) }
            if !parts.isEmpty { return parts.joined(separator: ": ") }
        }
        let text = String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        return text.count > maximumTextLength ? String(text.prefix(maximumTextLength)) + "…" : text
    }

    /// The OAuth `error` code of a token endpoint answer (`invalid_grant`, `unsupported_grant_type`, …).
    static func oauthErrorCode(from body: [UInt8]) -> String? {
        guard let json = try? JSONDecoder().decode(JSONValue.self, from: Data(body)),
            case .object(let object) = json, case .string(let code)? = object["error"]
        else { return nil }
        return code
    }

    /// Any JSON value, for reading bodies whose shape varies.
    enum JSONValue: Decodable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case array([JSONValue])
        case object([String: JSONValue])
        case null

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode([JSONValue].self) {
                self = .array(value)
            } else {
                self = .object(try container.decode([String: JSONValue].self))
            }
        }

        /// A one-line rendering: strings as is, arrays joined with `, `, objects as `key: value; …` sorted by key.
        var flattened: String {
            switch self {
            case .string(let value): value
            case .number(let value): value.rounded() == value ? String(Int(value)) : String(value)
            case .bool(let value): String(value)
            case .null: ""
            case .array(let values): values.map(\.flattened).joined(separator: ", ")
            case .object(let object):
                object.keys.sorted().map { "\($0): \(object[$0]!.flattened)" }.joined(separator: "; ")
            }
        }
    }
}
