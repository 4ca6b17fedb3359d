/// Which hints (the change feed's push events, GitLab's webhooks) concern a pipeline.
extension ProjectPipeline {
    /// Whether a push to `ref` (a short name; `nil` when the hint names no single ref) of type `refType` can change
    /// what this project's target watches: tags never do (glwatch follows branches); a branch does when the
    /// target's branch selection contains it; a hint that names no ref always does.
    func wants(ref: String?, refType: String?) -> Bool {
        refType != "tag" && (ref.map { target.options.branches.contains($0, defaultBranch: defaultBranch) } ?? true)
    }
}
