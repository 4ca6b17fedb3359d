import Foundation

/// Where the stdout sink writes: injected so tests capture output, and so colour depends on whether the
/// real destination is a terminal.
public protocol TextOutput: Sendable {
    /// Whether the output is a terminal (colour is used only then).
    var isTerminal: Bool { get }
    /// Writes text.
    func write(_ text: String) throws
}

/// The process's standard output.
public struct StandardOutput: TextOutput {
    /// Creates the live output.
    public init() {}

    /// Whether standard output is a terminal.
    public var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Writes to standard output.
    public func write(_ text: String) throws {
        try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    }
}
