/// A project's record with its known branch heads: what the engine resumes from and `glwatch status` shows.
struct ProjectState: Sendable, Hashable {
    /// The project record.
    var record: ProjectRecord
    /// The known branch heads, sorted by branch name.
    var heads: [BranchHead]

    /// Creates a project state.
    init(record: ProjectRecord, heads: [BranchHead]) {
        self.record = record
        self.heads = heads
    }

    /// The head SHA of `branch`, if the branch is known.
    func head(of branch: String) -> String? {
        heads.first { $0.branch == branch }?.sha
    }
}
