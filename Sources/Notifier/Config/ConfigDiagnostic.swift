/// One problem found while loading configuration, rules or templates, with its exact place.
public struct ConfigDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The file, as the user named it.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int
    /// What is wrong (never containing a secret).
    public var message: String

    /// Creates a diagnostic.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, the form compilers and `glwatch check` print.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}
