/// Loading failed: every problem found, each with its file, line and column.
///
/// Loading is all-or-nothing: a caller that gets this error keeps whatever configuration it had.
public struct ConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems, in the order they appear in the files.
    public var diagnostics: [ConfigDiagnostic]

    /// Creates an error from its diagnostics.
    public init(_ diagnostics: [ConfigDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One `file:line:column: message` per line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
