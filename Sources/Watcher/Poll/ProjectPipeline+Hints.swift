/// Which hints (the change feed's push events, GitLab's webhooks) concern a pipeline.
extension ProjectPipeline {
    /// Whether a push to `ref` (a short name; `nil` when the hint names no single ref) of type `refType` can change
    /// what this project's target watches: a tag does when the target has `tags: true`; a branch does when the
    /// target's branch selection contains it; a hint that names no ref always does.
    func wants(ref: String?, refType: String?) -> Bool {
        // A tag push matters to a target with `tags: true` (its poll then reads the tags), to no other.
        if refType == "tag" { return target.options.tags }
        return ref.map { target.options.branches.contains($0, defaultBranch: defaultBranch) } ?? true
    }
}
