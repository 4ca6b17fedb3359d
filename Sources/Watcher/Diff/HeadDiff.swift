/// How the watched branches' heads moved between the stored state and what GitLab shows now.
///
/// Heads are tracked by SHA, never by date (see docs/gitlab-api.md): a moved head is later examined through the
/// commit range `old..new`, which also tells a fast-forward from a force-push.
struct HeadDiff: Sendable, Equatable {
    /// A head that differs from the stored one.
    struct Move: Sendable, Equatable {
        /// The branch.
        var branch: String
        /// The stored head.
        var from: String
        /// The head GitLab shows now.
        var to: String
    }

    /// Branches GitLab shows that were not stored, with their heads.
    var created: [String: String]
    /// Stored branches GitLab no longer shows, with their last known heads.
    var deleted: [String: String]
    /// Branches whose head moved.
    var moved: [Move]

    /// Compares stored heads with observed ones (both keyed by branch name; only watched branches).
    init(stored: [String: String], observed: [String: String]) {
        created = observed.filter { stored[$0.key] == nil }
        deleted = stored.filter { observed[$0.key] == nil }
        moved = observed.compactMap { branch, head in
            guard let old = stored[branch], old != head else { return nil }
            return Move(branch: branch, from: old, to: head)
        }
        .sorted { $0.branch < $1.branch }
    }

    /// Whether nothing changed.
    var isEmpty: Bool { created.isEmpty && deleted.isEmpty && moved.isEmpty }
}

/// What a moved head's range `from..to` says about the push.
enum RangeVerdict: Sendable, Equatable {
    /// `from` is an ancestor of `to`: ordinary new commits.
    case fastForward
    /// `from` is no longer reachable from `to`: history was rewritten (or the branch was reset backwards).
    case forcePushed
    /// The range was too long to see its oldest commit; ask GitLab for the merge base to decide.
    case undecided

    /// Judges a push from the commits of `from..to` (newest first, as GitLab lists them).
    ///
    /// A fast-forward's range always contains a commit whose parent is `from`. A force-push's range never
    /// does; an empty range means `to` is an ancestor of `from` (the branch was moved backwards), which is a
    /// force-push too. When the window was cut short the commit with `from` as parent may lie beyond it.
    init(from: String, window: CommitWindow) {
        if window.commits.contains(where: { $0.parentIDs?.contains(from) == true }) {
            self = .fastForward
        } else if window.isComplete {
            self = .forcePushed
        } else {
            self = .undecided
        }
    }
}
