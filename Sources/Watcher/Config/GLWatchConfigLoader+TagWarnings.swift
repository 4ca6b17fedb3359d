import Foundation
import Notifier

extension GLWatchConfigLoader {
    /// Warns about each rule that names `tag.created` or `tag.deleted` while no watch target has `tags: true`:
    /// valid, but it can never fire (tags are off by default).
    static func tagWarnings(file: String, targets: [WatchTarget], rules: [Rule]) -> [ConfigDiagnostic] {
        guard !targets.contains(where: \.options.tags) else { return [] }
        return rules.compactMap { rule in
            guard let types = rule.conditions.eventTypes, !types.isDisjoint(with: [.tagCreated, .tagDeleted]) else {
                return nil
            }
            var warning =
                rule.location.flatMap(diagnostic(at:)) ?? ConfigDiagnostic(file: file, line: 1, column: 1, message: "")
            warning.message = "rule \"\(rule.name)\" routes tag events, but no watch target has \"tags: true\""
            return warning
        }
    }

    /// A diagnostic at `location` (`file:line:column`, as rules record where they were written).
    private static func diagnostic(at location: String) -> ConfigDiagnostic? {
        let parts = location.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1])
        else { return nil }
        let file = parts.dropLast(2).joined(separator: ":")
        return ConfigDiagnostic(file: file, line: line, column: column, message: "")
    }
}
