/// Resolves a project as people type it: its path (`acme/api`) or its key (`gitlab.com/278964`).
package enum ProjectReference {
    /// The key (`instance/id`) of the stored project `text` names.
    ///
    /// - Throws: `CLIError` naming the known projects when none matches.
    static func resolve(_ text: String, in store: some StateQueries) async throws -> String {
        let states = try await store.projectStates()
        if let match = states.first(where: { $0.record.key.description == text }) {
            return match.record.key.description
        }
        let byPath = states.filter { $0.record.path.lowercased() == text.lowercased() }
        if byPath.count == 1 { return byPath[0].record.key.description }
        if byPath.count > 1 {
            throw CLIError(
                "\(text) is watched on several instances: give its key ("
                    + byPath.map(\.record.key.description).joined(separator: " or ") + ")"
            )
        }
        let known = states.map(\.record.path).sorted()
        throw CLIError(
            "no watched project \(text)"
                + (known.isEmpty ? " (no projects stored yet)" : "; known: \(known.prefix(10).joined(separator: ", "))")
        )
    }
}
