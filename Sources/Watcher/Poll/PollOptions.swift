/// What a watch target asks of each poll of one of its projects.
package struct PollOptions: Sendable, Hashable {
    /// The branches watched.
    var branches: BranchSelection = .defaultBranch
    /// `initial: notify_last: N`: at first sight, announce each watched branch's last N commits instead of
    /// recording a silent baseline (0, the default, is silent).
    var initialNotifyLast = 0
    /// Report a commit on every watched branch it reaches, instead of once per project.
    var reportPerBranch = false
    /// The longest range fetched for one push (a longer one is announced with what was fetched).
    var maxCommitsPerPush = 5_000
    /// A push of more than twice this many commits keeps only the first and last N in its event.
    var keepCommitEnds = 100
    /// Failed polls in a row before `project.unreachable`.
    var unreachableAfter = 3
    /// Polls in a row that failed the same way (same answer from the same endpoint) before `project.stalled`.
    var stalledAfter = 5
    /// `tags: true`: report `tag.created` and `tag.deleted` (off by default: reading tags costs requests).
    var tags = false
    /// Identity aliases, like a mailmap: normalized email → the normalized email it stands for.
    var aliases: [String: String] = [:]

    /// The identity an author email counts as: normalized, then mapped through `aliases`.
    func identity(of email: String) -> String {
        let normalized = Contributor.normalize(email: email)
        return aliases[normalized] ?? normalized
    }
}
