import Foundation

/// What a 404 says was not found, read from GitLab's message (`404 Branch Not Found` → `.branch`), so callers
/// can tell a missing branch from a missing project without matching strings.
public enum GitLabMissingResource: Sendable, Hashable {
    /// `404 Project Not Found`: the project does not exist, or the token cannot see it.
    case project
    /// `404 Group Not Found`.
    case group
    /// `404 User Not Found`.
    case user
    /// `404 Branch Not Found`.
    case branch
    /// `404 Tag Not Found` (`GET /projects/:id/repository/tags/:tag_name`).
    case tag
    /// `404 Commit Not Found`: an unknown SHA or ref.
    case commit
    /// `404 Repository Not Found`: the project has no repository yet (nothing pushed).
    case repository
    /// Another `404 <Thing> Not Found`, with GitLab's name for the thing (`Ref`, `Merge Base`, `File`).
    case other(String)
    /// No thing named: an unknown API route (`404 Not Found`), or no message at all.
    case unnamed

    /// Reads GitLab's 404 message; anything not shaped `404 <Thing> Not Found` is `.unnamed`.
    public init(message: String?) {
        guard var text = message?.trimmingCharacters(in: .whitespaces) else {
            self = .unnamed
            return
        }
        if text.hasPrefix("404") { text = String(text.dropFirst(3)).trimmingCharacters(in: .whitespaces) }
        let suffix = "not found"
        guard text.lowercased().hasSuffix(suffix) else {
            self = .unnamed
            return
        }
        let thing = String(text.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
        switch thing.lowercased() {
        case "": self = .unnamed
        case "project": self = .project
        case "group": self = .group
        case "user": self = .user
        case "branch": self = .branch
        case "tag": self = .tag
        case "commit": self = .commit
        case "repository": self = .repository
        default: self = .other(thing)
        }
    }
}
