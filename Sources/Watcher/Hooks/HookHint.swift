/// What one GitLab webhook says, reduced to what glwatch acts on: *which* project to look at, never *what*
/// changed (the poll that follows reads that, so a lost, truncated or forged hook costs latency, never an event).
package struct HookHint: Sendable, Hashable, CustomStringConvertible {
    /// What kind of change the hook announces.
    package enum Kind: Sendable, Hashable {
        /// A push of commits or a tag (`Push Hook`, `Tag Push Hook`; system `push`, `tag_push`,
        /// `repository_update`): poll the project.
        case push
        /// A project was created, destroyed, renamed or transferred (system hooks): run discovery.
        case lifecycle
    }

    /// The hook's event name as GitLab writes it in system hooks (`push`, `tag_push`, `repository_update`,
    /// `project_create`, …); project and group hooks map to `push` and `tag_push`.
    package var event: String
    /// What to do about it.
    package var kind: Kind
    /// The project's id on the hook's instance.
    package var project: Int64
    /// The ref pushed, without `refs/heads/` or `refs/tags/`; `nil` when the hook names several refs or none.
    package var ref: String?
    /// `branch` or `tag` (from the ref's prefix); `nil` when unknown.
    package var refType: String?

    /// `push 42 "main" (branch)`: the event, project and ref (quoted and escaped: it is GitLab's data), for logs.
    package var description: String {
        var text = "\(event) \(project)"
        if let ref { text += " \(ref.debugDescription)" }
        if let refType { text += " (\(refType))" }
        return text
    }

    /// Splits a full ref (`refs/heads/main`, `refs/tags/v1`) into its short name and type; another string is
    /// taken as a branch name as written.
    static func split(ref: String) -> (name: String, type: String) {
        if ref.hasPrefix("refs/heads/") { return (String(ref.dropFirst("refs/heads/".count)), "branch") }
        if ref.hasPrefix("refs/tags/") { return (String(ref.dropFirst("refs/tags/".count)), "tag") }
        return (ref, "branch")
    }
}
