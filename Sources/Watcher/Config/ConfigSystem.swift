import Foundation
import Notifier

/// What loading a config reads: environment variables and files (the notifier's `ConfigEnvironment`), plus
/// whether a file exists and which files a directory holds (for `--config` lookup and rules globs).
///
/// Injected so tests never touch the real environment or file system; `ProcessConfigSystem` is the live one.
protocol ConfigSystem: ConfigEnvironment {
    /// Whether a regular file exists at `path`.
    func fileExists(atPath path: String) -> Bool
    /// Every regular file under `directory`, recursively, as paths relative to it; empty when it does not exist.
    func files(under directory: String) -> [String]
}

/// The process's environment and file system.
struct ProcessConfigSystem: ConfigSystem {
    private let environment = ProcessConfigEnvironment()

    /// Creates the live system.
    init() {}

    /// Reads the process environment.
    func variable(named name: String) -> String? { environment.variable(named: name) }

    /// Reads a file as UTF-8.
    func contentsOfFile(atPath path: String) throws -> String { try environment.contentsOfFile(atPath: path) }

    /// Whether a regular file (or a link to one) exists.
    func fileExists(atPath path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// Lists regular files recursively with `FileManager`.
    func files(under directory: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            if fileExists(atPath: (directory as NSString).appendingPathComponent(path)) { files.append(path) }
        }
        return files.sorted()
    }
}
