import Foundation

/// A small JSON Schema checker for the subset `ConfigSchema` uses (type, properties, additionalProperties,
/// patternProperties with `^prefix`, required, enum, items, oneOf, minimum, maximum, pattern), so tests can hold
/// the schema against real configs.
enum JSONSchemaCheck {
    /// The problems of `value` against `schema`, as `path: problem`.
    static func problems(_ value: Any, _ schema: [String: Any], at path: String = "$") -> [String] {
        var problems: [String] = []
        if let choices = schema["oneOf"] as? [[String: Any]] {
            let matching = choices.filter { Self.problems(value, $0, at: path).isEmpty }.count
            if matching != 1 { problems.append("\(path): matches \(matching) of the oneOf choices") }
        }
        if let words = schema["enum"] as? [String], !words.contains(value as? String ?? "\u{0}") {
            problems.append("\(path): not one of \(words)")
        }
        if let type = schema["type"] {
            let types = (type as? [String]) ?? [type as? String ?? ""]
            if !types.contains(where: { matches(value, type: $0) }) { problems.append("\(path): not \(types)") }
        }
        if let number = value as? Int, !(value is Bool) {
            if let minimum = schema["minimum"] as? Int, number < minimum { problems.append("\(path): below minimum") }
            if let maximum = schema["maximum"] as? Int, number > maximum { problems.append("\(path): above maximum") }
        }
        if let pattern = schema["pattern"] as? String, let text = value as? String,
            text.range(of: pattern, options: .regularExpression) == nil
        {
            problems.append("\(path): does not match \(pattern)")
        }
        if let object = value as? [String: Any] {
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for name in schema["required"] as? [String] ?? [] where object[name] == nil {
                problems.append("\(path): lacks \(name)")
            }
            for (key, child) in object {
                if let property = properties[key] as? [String: Any] {
                    problems += Self.problems(child, property, at: "\(path).\(key)")
                } else if let patterns = schema["patternProperties"] as? [String: Any],
                    patterns.keys.contains(where: { key.hasPrefix($0.dropFirst()) })
                {
                    continue
                } else if let additional = schema["additionalProperties"] as? [String: Any] {
                    problems += Self.problems(child, additional, at: "\(path).\(key)")
                } else if schema["additionalProperties"] as? Bool == false {
                    problems.append("\(path): unexpected key \(key)")
                }
            }
        }
        if let list = value as? [Any], let items = schema["items"] as? [String: Any] {
            for (index, item) in list.enumerated() { problems += Self.problems(item, items, at: "\(path)[\(index)]") }
        }
        return problems
    }

    private static func matches(_ value: Any, type: String) -> Bool {
        switch type {
        case "string": value is String
        case "integer": value is Int && !(value is Bool)
        case "boolean": value is Bool
        case "object": value is [String: Any]
        case "array": value is [Any]
        case "null": value is NSNull
        default: false
        }
    }
}
