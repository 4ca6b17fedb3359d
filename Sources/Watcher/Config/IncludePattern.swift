import Foundation
import Notifier

/// A rules-file reference in the config: a path, or a glob (`rules/*.yaml`, `rules/**/*.yaml`), relative to the
/// config file's directory.
struct IncludePattern {
    /// The pattern, resolved from the config file's directory.
    let resolved: String

    /// Resolves a pattern as written.
    init(_ pattern: String, paths: PathResolver) {
        resolved = paths.resolve(pattern)
    }

    /// The matching files, sorted; a plain path names itself when it exists.
    ///
    /// - throws: `Glob.SyntaxError` for a malformed glob.
    func files(in system: any ConfigSystem) throws -> [String] {
        guard resolved.contains(where: Self.isWildcard) else {
            return system.fileExists(atPath: resolved) ? [resolved] : []
        }
        let root = Self.root(of: resolved)
        let rest: String
        if root == "." && !resolved.hasPrefix("./") {
            rest = resolved
        } else {
            rest = String(resolved.dropFirst(root == "/" ? 1 : root.count + 1))
        }
        let glob = try Glob(rest)
        let prefix = root == "." ? "" : root == "/" ? "/" : "\(root)/"
        return system.files(under: root).filter(glob.matches).map { prefix + $0 }.sorted()
    }

    /// The longest leading directory without wildcards (`.` when the first component has one).
    static func root(of path: String) -> String {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        let fixed = components.prefix { !$0.contains(where: isWildcard) }.dropLast(
            components.contains { $0.contains(where: isWildcard) } ? 0 : 1
        )
        let root = fixed.joined(separator: "/")
        if root.isEmpty { return path.hasPrefix("/") ? "/" : "." }
        return root
    }

    private static func isWildcard(_ character: Character) -> Bool { "*?[{".contains(character) }
}
