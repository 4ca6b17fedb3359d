/// A project's record with its known branch heads: what the engine resumes from and `glwatch status` shows.
package struct ProjectState: Sendable, Hashable {
    /// The project record.
    package var record: ProjectRecord
    /// The known branch heads, sorted by branch name.
    package var heads: [BranchHead]

    /// Creates a project state.
    package init(record: ProjectRecord, heads: [BranchHead]) {
        self.record = record
        self.heads = heads
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
