import Foundation

/// A commit as the fake stores it.
struct FakeCommitRecord: Sendable {
    let sha: String
    let parents: [String]
    let message: String
    let author: FakeAuthor
    let committer: FakeAuthor
    let authoredAt: Date
    let committedAt: Date
    let files: [FakeCommitFile]
    /// Creation order in the repository, for stable tie-breaking.
    let sequence: Int

    var title: String { String(message.split(separator: "\n", omittingEmptySubsequences: false).first ?? "") }

    /// `Key: value` lines of the message's last paragraph, when every line of it is one.
    var trailers: [(String, String)] {
        let paragraphs = message.components(separatedBy: "\n\n")
        guard paragraphs.count > 1, let last = paragraphs.last else { return [] }
        var result: [(String, String)] = []
        for line in last.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":"), !line[..<colon].contains(" ") else { return [] }
            result.append(
                (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            )
        }
        return result
    }
}

/// A tag as the fake stores it.
struct FakeTagRecord: Sendable {
    let name: String
    /// The tagged commit.
    let target: String
    /// An annotated tag's own object id (GitLab's `target` for it); `nil` for a lightweight tag.
    var objectSHA: String? = nil
    let message: String?
    let createdAt: Date?
    let sequence: Int
}
