import Foundation
import Yams

/// A YAML mapping with its keys' and values' positions, read through typed accessors that record a
/// positioned problem for every value of the wrong shape.
public struct YAMLMapping {
    /// One `key: value` pair with both nodes.
    public struct Entry {
        /// The key as written.
        public var key: String
        /// The key's node (for problems about the key).
        public var keyNode: Node
        /// The value's node.
        public var value: Node
    }

    /// The mapping's own node.
    public let node: Node
    /// The pairs, in the order written.
    public let entries: [Entry]
    /// What the mapping is, for messages: `rule "main-pushes"`, `sink "ops"`.
    public let context: String
    /// Where problems are recorded.
    public let reader: YAMLReader

    /// Creates a mapping view (normally made by `YAMLReader.mapping(_:context:)`).
    public init(node: Node, entries: [Entry], context: String, reader: YAMLReader) {
        self.node = node
        self.entries = entries
        self.context = context
        self.reader = reader
    }

    /// Records an `unknown key` problem for each key not in `allowed`, with the closest valid key suggested.
    public func checkKeys(_ allowed: [String]) {
        for entry in entries where !allowed.contains(entry.key) {
            reader.error(
                "unknown key \"\(entry.key)\" in \(context)\(DidYouMean.hint(for: entry.key, among: allowed))",
                at: entry.keyNode
            )
        }
    }

    /// Whether the key is present.
    public func has(_ key: String) -> Bool { entries.contains { $0.key == key } }

    /// The value of a key.
    public func value(_ key: String) -> Node? { entries.first { $0.key == key }?.value }

    /// The node of a key itself (for problems about the key).
    public func keyNode(_ key: String) -> Node? { entries.first { $0.key == key }?.keyNode }

    /// The description of a key for messages: `"branch" in rule "main"`.
    public func describe(_ key: String) -> String { "\"\(key)\" in \(context)" }

    /// A string value.
    public func string(_ key: String) -> String? {
        value(key).flatMap { reader.string($0, what: describe(key)) }
    }

    /// A string value that must be present.
    public func requiredString(_ key: String) -> String? {
        guard has(key) else {
            reader.error("\(context) is missing \"\(key)\"", at: node)
            return nil
        }
        return string(key)
    }

    /// A boolean value.
    public func bool(_ key: String) -> Bool? {
        guard let node = value(key) else { return nil }
        guard let value = node.bool else {
            reader.error("\(describe(key)) must be true or false", at: node)
            return nil
        }
        return value
    }

    /// A non-negative integer value.
    public func int(_ key: String, minimum: Int = 0) -> Int? {
        guard let node = value(key) else { return nil }
        guard let value = node.int, value >= minimum else {
            reader.error("\(describe(key)) must be a whole number of at least \(minimum)", at: node)
            return nil
        }
        return value
    }

    /// A duration (`30s`, `10m`, `1h30m`) in seconds.
    public func duration(_ key: String, minimum: TimeInterval = 0) -> TimeInterval? {
        guard let node = value(key), let text = reader.string(node, what: describe(key)) else { return nil }
        guard let seconds = DurationParser.seconds(in: text), seconds >= minimum else {
            reader.error(
                "invalid duration \"\(text)\" for \(describe(key)) (write e.g. 30s, 10m or 1h30m)",
                at: node
            )
            return nil
        }
        return seconds
    }

    /// A string or a list of strings, each with its node.
    public func strings(_ key: String) -> [(String, Node)]? {
        guard let node = value(key), let items = reader.sequence(node, what: describe(key)) else { return nil }
        return items.compactMap { item in
            reader.string(item, what: "each item of \(describe(key))").map { ($0, item) }
        }
    }

    /// A nested mapping.
    public func mapping(_ key: String, context: String) -> YAMLMapping? {
        value(key).flatMap { reader.mapping($0, context: context) }
    }
}
