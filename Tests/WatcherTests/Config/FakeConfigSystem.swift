import Foundation
import Notifier

@testable import Watcher

/// A `ConfigSystem` with given variables and files (paths as the loader resolves them).
struct FakeConfigSystem: ConfigSystem {
    var variables: [String: String] = [:]
    var files: [String: String] = [:]

    func variable(named name: String) -> String? { variables[name] }

    func contentsOfFile(atPath path: String) throws -> String {
        guard let contents = files[path] else { throw CocoaError(.fileReadNoSuchFile) }
        return contents
    }

    func fileExists(atPath path: String) -> Bool { files[path] != nil }

    func files(under directory: String) -> [String] {
        let prefix = directory == "." ? "" : directory.hasSuffix("/") ? directory : directory + "/"
        return files.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }.sorted()
    }

    /// Loads `yaml` as `/etc/glwatch/glwatch.yml`.
    func load(_ yaml: String) throws(ConfigError) -> GLWatchConfig {
        try GLWatchConfig.load(
            yaml: yaml,
            file: "/etc/glwatch/glwatch.yml",
            baseDirectory: "/etc/glwatch",
            environment: self
        )
    }

    /// The error messages of loading `yaml`, as `line:column: message` (the file is always the same).
    func problems(_ yaml: String) -> [String] {
        do {
            _ = try load(yaml)
            return []
        } catch {
            return error.diagnostics.map {
                ($0.file == "/etc/glwatch/glwatch.yml" ? "" : "\($0.file):") + "\($0.line):\($0.column): \($0.message)"
            }
        }
    }
}
