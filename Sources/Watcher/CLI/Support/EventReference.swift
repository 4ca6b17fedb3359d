/// Resolves an event id as people type it — the full 64 digits or, as with git, a unique prefix of at least 6.
enum EventReference {
    /// The shortest prefix accepted.
    static let minimumPrefix = 6

    /// The full id of the one stored event `text` names.
    ///
    /// - Throws: `CLIError` when the text is too short or not hex, names no stored event, or is ambiguous.
    static func resolve(_ text: String, in store: some EventLookup) async throws -> String {
        let prefix = text.lowercased()
        guard prefix.count >= minimumPrefix, prefix.allSatisfy(\.isHexDigit) else {
            throw CLIError(
                "\"\(text)\" is not an event id: give the id `glwatch history` shows (at least "
                    + "\(minimumPrefix) hex digits)"
            )
        }
        let matches = try await store.eventIDs(withPrefix: prefix, limit: 3)
        switch matches.count {
        case 0:
            throw CLIError("no stored event with id \(text) (see `glwatch history`; old events are pruned)")
        case 1:
            return matches[0]
        default:
            throw CLIError(
                "event id \(text) is ambiguous: it starts \(matches.prefix(2).joined(separator: ", "))"
                    + "\(matches.count > 2 ? " and more" : ""); give more digits"
            )
        }
    }

    /// The id as the text output shows it: the first 12 digits.
    static func short(_ id: String) -> String {
        String(id.prefix(12))
    }
}
