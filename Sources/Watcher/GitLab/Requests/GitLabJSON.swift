import Foundation

/// JSON decoding the way GitLab writes it.
enum GitLabJSON {
    /// A decoder for GitLab's answers: dates in any of GitLab's forms (see `GitLabTimestamp`).
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let string = try container.decode(String.self)
            guard let parsed = GitLabDateParser.parse(string) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "unrecognised date \"\(string)\""
                )
            }
            return parsed.date
        }
        return decoder
    }

    /// The JSON path (`$[3].commit.committed_date`) and a one-line explanation of a decoding error.
    static func describe(_ error: DecodingError) -> (path: String, detail: String) {
        switch error {
        case .typeMismatch(let type, let context):
            return (path(context.codingPath), "expected \(typeName(type)); \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return (path(context.codingPath), "expected \(typeName(type)), found null")
        case .keyNotFound(let key, let context):
            return (path(context.codingPath + [key]), "missing required field \"\(key.stringValue)\"")
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as? NSError)?.userInfo["NSDebugDescription"] as? String
            return (
                path(context.codingPath),
                underlying.map { "\(context.debugDescription) \($0)" } ?? context.debugDescription
            )
        @unknown default:
            return ("$", String(describing: error))
        }
    }

    /// `$` followed by `.key` and `[index]` components.
    static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("$") { path, key in
            if let index = key.intValue { return path + "[\(index)]" }
            return path + "." + key.stringValue
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type, is Double.Type: "a number"
        case is Bool.Type: "a boolean"
        default: String(describing: type)
        }
    }
}
