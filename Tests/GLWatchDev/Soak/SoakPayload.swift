import Foundation

/// One announcement in a webhook body, read straight from the JSON rather than through glwatch's own event types:
/// the harness judges glwatch, so it shares as little with it as it can, and an event type it does not know
/// (`project.removed` before glwatch had it) is still counted rather than unreadable.
///
/// Only the fields the verdict needs are read; a digest's events are read one by one.
struct SoakPayload: Sendable, Decodable {
    /// The event id (stable per change; the same under every sink).
    var id: String
    /// `commits.new`, `branch.created`, … or `digest`.
    var type: String
    /// The event's `data`.
    var data: Fields

    /// The `data` fields the verdict reads.
    struct Fields: Sendable, Decodable {
        var project: Project?
        var branch: String?
        var after: String?
        var before: String?
        var head: String?
        var newHead: String?
        var oldHead: String?
        var commits: [Commit]?
        var totalCommits: Int?
        var omittedCommits: Int?
        var contributor: Person?
        var events: [SoakPayload]?

        enum CodingKeys: String, CodingKey {
            case project, branch, after, before, head, commits, contributor, events
            case newHead = "new_head"
            case oldHead = "old_head"
            case totalCommits = "total_commits"
            case omittedCommits = "omitted_commits"
        }
    }

    /// The project an event is about.
    struct Project: Sendable, Decodable {
        var id: Int64
        var path: String
    }

    /// A commit of an event's list (only its SHA is read).
    struct Commit: Sendable, Decodable {
        var id: String
    }

    /// A contributor (only the e-mail is read).
    struct Person: Sendable, Decodable {
        var email: String
    }

    /// The commits the event lists (SHAs, oldest first).
    var commitIDs: [String] { data.commits?.map(\.id) ?? [] }

    /// How many commits the event left out of its list (a push too large to list whole).
    var omitted: Int { data.omittedCommits ?? max(0, (data.totalCommits ?? 0) - commitIDs.count) }

    /// The head an event leaves its branch at, if it says.
    var resultingHead: String? { data.after ?? data.newHead ?? data.head }

    /// The announcements in a webhook body: one event, or a digest's events.
    static func announcements(in body: Data) throws -> [SoakPayload] {
        let payload = try JSONDecoder().decode(SoakPayload.self, from: body)
        return payload.type == "digest" ? payload.data.events ?? [] : [payload]
    }
}
