import Foundation
import Notifier

extension GitLabCommit {
    /// The commit as events carry it. Missing optional fields (GitLab omits some in embedded commits) become
    /// empty values rather than failing the event.
    var eventCommit: Commit {
        let authored = authoredDate ?? committedDate ?? createdAt
        let committed = committedDate ?? createdAt ?? authoredDate
        return Commit(
            id: id,
            shortID: shortID,
            title: title,
            message: message ?? title ?? "",
            author: Person(name: authorName ?? "", email: authorEmail ?? ""),
            authoredAt: CommitTimestamp(
                date: authored?.date ?? Date(timeIntervalSince1970: 0),
                utcOffsetSeconds: authored?.utcOffsetSeconds ?? 0
            ),
            committer: Person(name: committerName ?? authorName ?? "", email: committerEmail ?? authorEmail ?? ""),
            committedAt: CommitTimestamp(
                date: committed?.date ?? Date(timeIntervalSince1970: 0),
                utcOffsetSeconds: committed?.utcOffsetSeconds ?? 0
            ),
            parentIDs: parentIDs ?? [],
            webURL: webURL,
            trailers: extendedTrailers ?? trailers?.mapValues { [$0] } ?? [:]
        )
    }
}
