extension RuleSet {
    /// Rule sets from several files, in order, as one; rule names must stay unique across files.
    ///
    /// - throws: `ConfigError` naming each duplicate and where it was first defined.
    public static func combining(_ sets: [RuleSet]) throws(ConfigError) -> RuleSet {
        var combined = RuleSet(rules: [])
        var seen: [String: Rule] = [:]
        var diagnostics: [ConfigDiagnostic] = []
        for set in sets {
            for rule in set.rules {
                if let first = seen[rule.name] {
                    let parts = (rule.location ?? "").split(separator: ":")
                    diagnostics.append(
                        ConfigDiagnostic(
                            file: parts.dropLast(2).joined(separator: ":"),
                            line: parts.count >= 3 ? Int(parts[parts.count - 2]) ?? 1 : 1,
                            column: parts.count >= 3 ? Int(parts[parts.count - 1]) ?? 1 : 1,
                            message: "duplicate rule name \"\(rule.name)\" (first defined at \(first.location ?? "?"))"
                        )
                    )
                    continue
                }
                seen[rule.name] = rule
                combined.rules.append(rule)
            }
            combined.templates.merge(set.templates) { first, _ in first }
        }
        if !diagnostics.isEmpty { throw ConfigError(diagnostics) }
        return combined
    }
}
