import Foundation
import Yams

/// Reads a YAML node tree with positions, collecting every problem instead of stopping at the first, so a user fixes a
/// file in one pass.
///
/// All messages are written here or by the loaders, and asserted in tests. Public so the watcher's own config
/// sections are read with the same rules and messages as sinks and rules.
public final class YAMLReader {
    /// The file name used in diagnostics.
    public let file: String
    /// The problems found so far, in order.
    public private(set) var diagnostics: [ConfigDiagnostic] = []

    /// Creates a reader for one file's diagnostics.
    public init(file: String) {
        self.file = file
    }

    /// Parses a YAML document into a node tree, turning syntax errors into positioned diagnostics.
    public static func compose(yaml: String, file: String) throws(ConfigError) -> Node? {
        do {
            return try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw ConfigError([diagnostic(for: error, file: file)])
        } catch {
            throw ConfigError([ConfigDiagnostic(file: file, line: 1, column: 1, message: "invalid YAML")])
        }
    }

    /// Records a problem at a node's position (1:1 when the node has none).
    public func error(_ message: String, at node: Node?) {
        error(message, at: node?.mark)
    }

    /// Records a problem at a position.
    public func error(_ message: String, at mark: Mark?) {
        diagnostics.append(
            ConfigDiagnostic(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: message)
        )
    }

    /// Records a problem found elsewhere (for example in a template file).
    public func add(_ diagnostic: ConfigDiagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Throws the collected problems, if any, in file order (they are found in reading order, which checks a
    /// rule's keys before its values).
    public func throwIfFailed() throws(ConfigError) {
        guard !diagnostics.isEmpty else { return }
        throw ConfigError(
            diagnostics.enumerated().sorted { lhs, rhs in
                (lhs.element.file, lhs.element.line, lhs.element.column, lhs.offset)
                    < (rhs.element.file, rhs.element.line, rhs.element.column, rhs.offset)
            }.map(\.element)
        )
    }

    /// The node as a mapping, or a problem recorded and `nil`.
    public func mapping(_ node: Node, context: String) -> YAMLMapping? {
        guard case .mapping(let mapping) = node else {
            error("\(context) must be a mapping (key: value)", at: node)
            return nil
        }
        var entries: [YAMLMapping.Entry] = []
        for (keyNode, value) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                error("keys in \(context) must be plain words", at: keyNode)
                continue
            }
            entries.append(YAMLMapping.Entry(key: scalar.string, keyNode: keyNode, value: value))
        }
        return YAMLMapping(node: node, entries: entries, context: context, reader: self)
    }

    /// The node as a sequence (a single value counts as a one-element sequence), or `nil` with a problem.
    public func sequence(_ node: Node, what: String) -> [Node]? {
        switch node {
        case .sequence(let sequence): return Array(sequence)
        case .scalar where node.null != nil:
            error("\(what) needs a value", at: node)
            return nil
        case .scalar: return [node]
        default:
            error("\(what) must be a list", at: node)
            return nil
        }
    }

    /// The node as a string scalar, or `nil` with a problem.
    public func string(_ node: Node, what: String) -> String? {
        guard case .scalar(let scalar) = node else {
            error("\(what) must be a string", at: node)
            return nil
        }
        if node.null != nil, scalar.style == .plain {
            error("\(what) needs a value", at: node)
            return nil
        }
        return scalar.string
    }

    private static func diagnostic(for error: YamlError, file: String) -> ConfigDiagnostic {
        // Never echo YAML text: a config may hold secrets. Problems and positions only.
        func make(_ mark: Mark, _ message: String) -> ConfigDiagnostic {
            ConfigDiagnostic(file: file, line: mark.line, column: mark.column, message: message)
        }
        switch error {
        case .scanner(_, let problem, let mark, _): return make(mark, "invalid YAML: \(problem)")
        case .parser(_, let problem, let mark, _): return make(mark, "invalid YAML: \(problem)")
        case .composer(_, let problem, let mark, _): return make(mark, "invalid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "\"\($0)\"" }.joined(separator: ", ")
            return make(context.mark, "duplicate key \(keys)")
        case .reader(let problem, _, _, _):
            return ConfigDiagnostic(file: file, line: 1, column: 1, message: "invalid YAML: \(problem)")
        default:
            return ConfigDiagnostic(file: file, line: 1, column: 1, message: "invalid YAML")
        }
    }
}
