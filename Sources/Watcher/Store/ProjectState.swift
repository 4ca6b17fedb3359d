/// A project's record with its known branch heads: what the engine resumes from and `glwatch status` shows.
package struct ProjectState: Sendable, Hashable {
    /// The project record.
    package var record: ProjectRecord
    /// The known branch heads, sorted by branch name.
    package var heads: [BranchHead]
    /// The known tags, sorted by name; `nil` when the project's tags are not tracked (its target has no
    /// `tags: true`, or their first read has not happened yet).
    package var tags: [StoredTag]?

    /// Creates a project state.
    package init(record: ProjectRecord, heads: [BranchHead], tags: [StoredTag]? = nil) {
        self.record = record
        self.heads = heads
        self.tags = tags
    }

    /// The known heads keyed by branch name, the shape `HeadDiff` compares.
    package var headsByBranch: [String: String] {
        Dictionary(uniqueKeysWithValues: heads.map { ($0.branch, $0.sha) })
    }

    /// The head SHA of `branch`, if the branch is known.
    package func head(of branch: String) -> String? {
        heads.first { $0.branch == branch }?.sha
    }
}
