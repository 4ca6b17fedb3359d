extension WatchEvent {
    /// A copy whose commit messages and titles (and a new tag's message) are cut to at most the given UTF-8 sizes
    /// (at character boundaries), each cut commit marked `messageTruncated`.
    func shorteningCommitMessages(toBytes messageBytes: Int, titleBytes: Int) -> WatchEvent {
        func shorten(_ commit: Commit) -> Commit {
            var commit = commit
            let message = TextTruncation.truncate(commit.message, to: messageBytes, in: .utf8)
            let title = TextTruncation.truncate(commit.title, to: titleBytes, in: .utf8)
            if message != commit.message || title != commit.title {
                commit.message = message
                commit.title = title
                commit.messageTruncated = true
            }
            return commit
        }
        func shorten(_ list: CommitList) -> CommitList {
            CommitList(commits: list.commits.map(shorten), totalCount: list.totalCount, gapIndex: list.gapIndex)
        }
        var copy = self
        switch details {
        case .commitsNew(var details):
            details.commits = shorten(details.commits)
            copy.details = .commitsNew(details)
        case .branchForcePushed(var details):
            details.commits = shorten(details.commits)
            copy.details = .branchForcePushed(details)
        case .contributorNew(var details):
            details.commit = shorten(details.commit)
            copy.details = .contributorNew(details)
        case .branchCreated(var details):
            details.commit = details.commit.map(shorten)
            copy.details = .branchCreated(details)
        case .tagCreated(var details):
            details.commit = details.commit.map(shorten)
            details.message = details.message.map { TextTruncation.truncate($0, to: messageBytes, in: .utf8) }
            copy.details = .tagCreated(details)
        default:
            break
        }
        return copy
    }
}
