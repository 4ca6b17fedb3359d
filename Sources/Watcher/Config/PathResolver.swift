import Foundation

/// Turns paths written in a config file into usable ones: `~/` and relative paths (from the config file's
/// directory).
struct PathResolver {
    /// The config file's directory.
    var baseDirectory: String
    /// Reads `HOME` for `~/`.
    var variable: (String) -> String?

    /// The path as it should be opened.
    func resolve(_ path: String) -> String {
        if path == "~" || path.hasPrefix("~/"), let home = variable("HOME"), !home.isEmpty {
            return home + path.dropFirst()
        }
        if path.hasPrefix("/") || baseDirectory == "." || baseDirectory.isEmpty { return path }
        return (baseDirectory as NSString).appendingPathComponent(path)
    }
}
