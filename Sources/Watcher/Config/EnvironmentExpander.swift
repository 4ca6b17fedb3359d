import Foundation
import Notifier
import Yams

/// Replaces `${VAR}` and `${VAR:-default}` in every string value of a YAML tree with the environment's values,
/// keeping each node's position.
///
/// `${VAR:-default}` uses `default` when `VAR` is unset or empty; `$${` writes a literal `${`. Keys are left as
/// written. An unset variable without a default is a problem at its exact place naming the variable — never a
/// value. A value whose reference failed is remembered, so the loaders' follow-on complaints about it (an empty
/// path, an invalid duration) can be dropped: the user sees the one problem that matters.
///
/// Offline (`glwatch check --offline`, an environment that reads no secrets), an unset variable is taken as given:
/// no problem, a stand-in in its place, and the value remembered the same way, so nothing that depends on it is
/// judged — a notification URL whose secret parts are `${VAR}`s checks on a machine without them, as `url_env` does.
final class EnvironmentExpander {
    /// Where variables are read.
    let environment: any ConfigEnvironment
    /// The places (`file:line:column`) of values that could not be expanded.
    private(set) var unresolved: Set<String> = []
    /// The problems this expander reported.
    private(set) var problems: Set<ConfigDiagnostic> = []
    /// Each value put in from the environment and the variable it came from; only values of 8 characters or more
    /// (shorter ones are not secrets, and would turn up in messages by chance).
    private var values: [String: String] = [:]
    private var reader: YAMLReader
    /// How many unset variables were taken as given (offline).
    private var standIns = 0
    /// What an unset variable stands for offline.
    static let offlineStandIn = "offline"

    /// Creates an expander reading `environment`.
    init(environment: any ConfigEnvironment) {
        self.environment = environment
        self.reader = YAMLReader(file: "")
    }

    /// The tree with every string value expanded; problems are recorded in `reader`.
    func expand(_ node: Node, reader: YAMLReader) -> Node {
        self.reader = reader
        return expand(node)
    }

    /// The diagnostics to show: all but the loaders' follow-on complaints about values that could not be
    /// expanded.
    ///
    /// A message that quotes an expanded value (`invalid duration "…"`) shows the reference instead (`${NAME}`), so a
    /// secret read from the environment never appears in an error, whatever setting it ended up in.
    func relevant(_ diagnostics: [ConfigDiagnostic]) -> [ConfigDiagnostic] {
        let substitutions = values.sorted { $0.key.count > $1.key.count }
        return diagnostics.filter {
            problems.contains($0) || !unresolved.contains("\($0.file):\($0.line):\($0.column)")
        }.map { diagnostic in
            var diagnostic = diagnostic
            for (value, name) in substitutions where diagnostic.message.contains(value) {
                diagnostic.message = diagnostic.message.replacingOccurrences(of: value, with: "${\(name)}")
            }
            return diagnostic
        }
    }

    private func expand(_ node: Node) -> Node {
        switch node {
        case .scalar(let scalar):
            guard scalar.string.contains("${") else { return node }
            var expanded = scalar
            let before = (problems.count, standIns)
            expanded.string = expand(scalar.string, scalar: scalar)
            if (problems.count, standIns) != before {
                unresolved.insert("\(reader.file):\(scalar.mark?.line ?? 1):\(scalar.mark?.column ?? 1)")
            }
            return .scalar(expanded)
        case .mapping(let mapping):
            let pairs = mapping.map { ($0.key, expand($0.value)) }
            return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
        case .sequence(let sequence):
            return .sequence(Node.Sequence(sequence.map(expand), sequence.tag, sequence.style, sequence.mark))
        case .alias:
            return node
        }
    }

    private func expand(_ text: String, scalar: Node.Scalar) -> String {
        let characters = Array(text)
        var result = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "$", index + 2 < characters.count, characters[index + 1] == "$",
                characters[index + 2] == "{"
            {
                result += "${"
                index += 3
                continue
            }
            guard character == "$", index + 1 < characters.count, characters[index + 1] == "{" else {
                result.append(character)
                index += 1
                continue
            }
            guard let close = characters[(index + 2)...].firstIndex(of: "}") else {
                problem(
                    "unclosed \"${\" (write ${NAME}, ${NAME:-default}, or $${ for a literal \"${\")",
                    at: index,
                    in: text,
                    scalar
                )
                return text
            }
            let body = String(characters[(index + 2)..<close])
            let name: String
            let fallback: String?
            if let separator = body.range(of: ":-") {
                name = String(body[..<separator.lowerBound])
                fallback = String(body[separator.upperBound...])
            } else {
                name = body
                fallback = nil
            }
            if !Self.isVariableName(name) {
                problem(
                    "invalid environment variable name \"\(name)\" in \"${…}\" (letters, digits and _, not starting "
                        + "with a digit)",
                    at: index,
                    in: text,
                    scalar
                )
            } else if let value = environment.variable(named: name), !(value.isEmpty && fallback != nil) {
                result += value
                if value.count >= 8 { values[value] = name }
            } else if let fallback {
                result += fallback
            } else if !environment.readsSecrets {
                result += Self.offlineStandIn
                standIns += 1
            } else {
                problem(
                    "environment variable \"\(name)\" is not set (or give a default: ${\(name):-default})",
                    at: index,
                    in: text,
                    scalar
                )
            }
            index = close + 1
        }
        return result
    }

    /// Whether `name` is a portable environment variable name.
    static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0)
                || ("0"..."9").contains($0)
        }
    }

    /// Records a problem at the reference's own column when the scalar is on one line (plain or quoted), else at
    /// the scalar.
    private func problem(_ message: String, at offset: Int, in text: String, _ scalar: Node.Scalar) {
        let line = scalar.mark?.line ?? 1
        let column = scalar.mark?.column ?? 1
        let prefix = text.prefix(offset)
        let exact: Int?
        switch scalar.style {
        case .plain, .any: exact = prefix.contains("\n") ? nil : column + prefix.unicodeScalars.count
        case .singleQuoted, .doubleQuoted:
            // Exact unless an escape before the reference changed the length.
            let escaped = prefix.contains("\n") || prefix.contains("'") || prefix.contains("\\")
            exact = escaped ? nil : column + 1 + prefix.unicodeScalars.count
        case .literal, .folded: exact = nil
        }
        let diagnostic = ConfigDiagnostic(file: reader.file, line: line, column: exact ?? column, message: message)
        problems.insert(diagnostic)
        reader.add(diagnostic)
    }
}
