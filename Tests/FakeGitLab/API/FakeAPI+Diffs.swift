extension FakeAPI {
    /// GitLab's default "Maximum diff files" (docs: administration/diff_limits): a comparison lists at most this
    /// many files and answers `compare_timeout: true` when there were more.
    static let maximumDiffFiles = 1_000

    /// `GET /projects/:id/repository/commits/:sha/diff`: the files the commit changed (against its first parent),
    /// paginated (20 a page by default), each with `old_path`, `new_path` and a made-up diff. A merge commit's
    /// diff holds what the merge brought in (`FakeRepository.changedFiles(of:)`).
    func commitDiff(_ project: FakeWorld.Project, _ ref: String) -> FakeResponse {
        guard let sha = project.repository.resolve(ref), project.repository.commits[sha] != nil else {
            return .message(404, "404 Commit Not Found")
        }
        return paged(project.repository.changedFiles(of: sha)) { file in
            .object([
                ("diff", .string("@@ -1,\(file.deletions) +1,\(file.additions) @@\n")),
                ("new_path", .string(file.path)), ("old_path", .string(file.path)),
                ("a_mode", "100644"), ("b_mode", "100644"), ("new_file", false), ("renamed_file", false),
                ("deleted_file", false), ("collapsed", false), ("too_large", false),
            ])
        }
    }
}
