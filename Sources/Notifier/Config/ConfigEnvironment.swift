import Foundation

/// Where configuration reads environment variables and files (sink URLs, secrets, templates).
///
/// Injected so tests never touch the real environment; `ProcessConfigEnvironment` is the live one.
public protocol ConfigEnvironment: Sendable {
    /// The value of an environment variable, or `nil` when it is not set.
    func variable(named name: String) -> String?
    /// The contents of a UTF-8 text file.
    func contentsOfFile(atPath path: String) throws -> String
    /// Whether secrets named by `*_env`/`*_file` keys (and machine-local files such as `ca_file`) are read;
    /// `false` for `glwatch check --offline`, which checks their form only. Default: `true`.
    var readsSecrets: Bool { get }
}

extension ConfigEnvironment {
    /// Secrets are read unless an environment says otherwise.
    public var readsSecrets: Bool { true }
}

/// The process's own environment and file system.
public struct ProcessConfigEnvironment: ConfigEnvironment {
    /// Creates the live environment.
    public init() {}

    /// Reads `ProcessInfo.processInfo.environment`.
    public func variable(named name: String) -> String? {
        ProcessInfo.processInfo.environment[name]
    }

    /// Reads a file as UTF-8.
    public func contentsOfFile(atPath path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }
}
