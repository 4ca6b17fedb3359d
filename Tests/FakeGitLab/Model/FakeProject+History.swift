/// Realistic histories in one call, for benchmarks, demos and end-to-end tests.
extension FakeProject {
    /// Builds a history of exactly `count` commits on `branch`.
    ///
    /// Mostly straight commits, and every `mergeEvery`-th commit a merge of a short topic branch (two commits, then
    /// deleted), so the graph has merges and first-parent walks differ from full ones.
    ///
    /// Authors take turns. Returns the branch head.
    @discardableResult
    public func generateHistory(
        commits count: Int,
        on branch: String = "main",
        authors: [FakeAuthor] = [.default],
        mergeEvery: Int? = 25
    ) -> String {
        precondition(count > 0, "FakeGitLab: a history needs at least one commit")
        precondition(!authors.isEmpty, "FakeGitLab: a history needs at least one author")
        var made = 0
        var authorIndex = 0
        func nextAuthor() -> FakeAuthor {
            defer { authorIndex += 1 }
            return authors[authorIndex % authors.count]
        }
        if head(of: branch) == nil {
            commit("Initial commit", on: branch, by: nextAuthor())
            made += 1
        }
        var batch: [FakeCommitSpec] = []
        func flush() {
            if !batch.isEmpty { push(batch, to: branch) }
            batch.removeAll()
        }
        while made < count {
            if let mergeEvery, mergeEvery > 3, made % mergeEvery == mergeEvery - 1, count - made >= 3 {
                flush()
                let topic = "topic/\(made)"
                createBranch(topic, from: branch)
                push(
                    [
                        FakeCommitSpec(
                            "Topic work \(made) part 1",
                            author: nextAuthor(),
                            files: [FakeCommitFile(path: "src/topic\(made).swift")]
                        ),
                        FakeCommitSpec(
                            "Topic work \(made) part 2",
                            author: nextAuthor(),
                            files: [FakeCommitFile(path: "src/topic\(made).swift")]
                        ),
                    ],
                    to: topic
                )
                merge(topic, into: branch, by: nextAuthor())
                deleteBranch(topic)
                made += 3
            } else {
                batch.append(
                    FakeCommitSpec(
                        "Change \(made + 1)",
                        author: nextAuthor(),
                        files: [
                            FakeCommitFile(
                                path: "src/file\(made % 50).swift",
                                additions: made % 7 + 1,
                                deletions: made % 3
                            )
                        ]
                    )
                )
                made += 1
                if batch.count == 100 { flush() }
            }
        }
        flush()
        return head(of: branch)!
    }
}
