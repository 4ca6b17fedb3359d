extension GitLabCommit {
    /// Whether the commit makes its author a contributor: glwatch's one definition, used by the baseline, the
    /// confirmation query and the announcement alike. A contributor is the author of a non-merge commit, as in
    /// GitLab's contributors list (which skips merge commits, see docs/gitlab-api.md): merging someone else's work
    /// in the web UI does not make the person who clicked a contributor.
    var isContribution: Bool { !isMerge }
}
