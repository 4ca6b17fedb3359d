import Foundation
import Notifier

/// The config's JSON Schema (draft 2020-12), for editor completion and validation (`glwatch schema`).
///
/// Built from the same tables the loader checks keys against (`ConfigSection`, and the notifier's sink and rule
/// key tables), so a key the loader accepts is always in the schema. The schema is a guide for editors: the loader
/// stays the judge (it also checks cross-references, files and the environment).
enum ConfigSchema {
    /// The schema as a JSON object.
    static func document() -> [String: Any] {
        var schema = object(ConfigSection.root)
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        schema["title"] = "glwatch config (glwatch.yml)"
        schema["patternProperties"] = ["^x-": ["description": "Free for YAML anchors shared by the rest of the file."]]
        return schema
    }

    /// The schema as pretty-printed JSON with sorted keys.
    static func json() -> String {
        // The document holds only strings, numbers, booleans, arrays and dictionaries: serialization cannot fail.
        let data = try! JSONSerialization.data(
            withJSONObject: document(),
            options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        )
        return String(decoding: data, as: UTF8.self)
    }

    private static func object(_ section: ConfigSection) -> [String: Any] {
        var properties: [String: Any] = [:]
        for key in section.keys {
            var property = schema(key.kind)
            var description = key.summary
            if let value = key.defaultValue { description += " Default: \(value)." }
            property["description"] = description
            properties[key.name] = property
        }
        return ["type": "object", "title": section.title, "properties": properties, "additionalProperties": false]
    }

    private static func schema(_ kind: ConfigKey.Kind) -> [String: Any] {
        switch kind {
        case .string: return ["type": "string"]
        case .integer(let minimum, let maximum):
            var schema: [String: Any] = ["type": ["integer", "string"], "minimum": minimum]
            if let maximum { schema["maximum"] = maximum }
            return schema
        case .boolean: return ["type": "boolean"]
        case .duration: return ["type": "string", "pattern": durationPattern]
        case .oneOf(let words): return ["enum": words]
        case .wordOrSection(let words, let section): return ["oneOf": [["enum": words], object(section)]]
        case .strings: return ["oneOf": [["type": "string"], ["type": "array", "items": ["type": "string"]]]]
        case .idOrPath: return ["type": ["integer", "string"]]
        case .section(let section): return object(section)
        case .namedMap(let value):
            return ["type": ["object", "null"], "additionalProperties": schema(value)]
        case .list(let item, nil): return ["type": "array", "items": schema(item)]
        case .list(let item, let shorthand?):
            return ["type": "array", "items": ["oneOf": [schema(item), schema(shorthand)]]]
        case .external("sinks"): return sinks()
        case .external("rules"): return rules()
        case .external: return [:]
        }
    }

    /// `30s`, `10m`, `1h30m`, `500ms`, or a `${VAR}` reference.
    static let durationPattern = #"^(([0-9.]+(ms|s|m|h|d))+|.*\$\{.*)$"#

    /// Every sink key, by kind; a string or list names rules files instead.
    private static func sinks() -> [String: Any] {
        var properties: [String: Any] = ["type": ["enum": SinkKind.allCases.map(\.rawValue)]]
        let keys = SinksLoader.commonKeys + SinksLoader.httpKeys + SinksLoader.kindKeys.values.flatMap { $0 }
        for key in keys where properties[key] == nil {
            let kinds = SinksLoader.kindKeys.filter { $0.value.contains(key) }.map(\.key.rawValue).sorted()
            properties[key] = [
                "description": kinds.isEmpty
                    ? "See docs/rules-and-sinks.md." : "For \(kinds.joined(separator: ", ")) sinks."
            ]
        }
        // A sink is a block with `type`, a block whose `url` is a notification URL (no `type`), or that URL alone.
        let notificationURL: [String: Any] = [
            "type": "string", "pattern": "^(\(SinksLoader.notificationSchemes.joined(separator: "|")))://",
            "description": "A notification URL, for example slack://TokenA/TokenB/TokenC.",
        ]
        var untyped = properties
        untyped["type"] = nil
        untyped["url"] = notificationURL
        let sink: [String: Any] = [
            "oneOf": [
                ["type": "object", "required": ["type"], "properties": properties, "additionalProperties": false],
                ["type": "object", "required": ["url"], "properties": untyped, "additionalProperties": false],
                notificationURL,
            ]
        ]
        return [
            "oneOf": [
                ["type": "object", "additionalProperties": sink],
                ["type": "string"],
                ["type": "array", "items": ["type": "string"]],
            ]
        ]
    }

    /// Inline rules and rules files, in order.
    private static func rules() -> [String: Any] {
        var properties: [String: Any] = [:]
        for key in RulesLoader.ruleKeys { properties[key] = ["description": "See docs/rules-and-sinks.md."] }
        let rule: [String: Any] = [
            "type": "object", "required": ["name"], "properties": properties, "additionalProperties": false,
        ]
        return ["oneOf": [["type": "string"], ["type": "array", "items": ["oneOf": [rule, ["type": "string"]]]]]]
    }
}
