import Foundation
import Notifier

/// Small builders for events in tests.
enum Fixtures {
    static let project = ProjectRef(
        instance: "gitlab.com",
        id: 42,
        path: "acme/platform/api",
        name: "api",
        webURL: "https://gitlab.com/acme/platform/api"
    )

    static func project(_ path: String, id: Int64) -> ProjectRef {
        ProjectRef(instance: "gitlab.com", id: id, path: path, webURL: "https://gitlab.com/\(path)")
    }

    static func date(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }

    static func sha(_ n: Int) -> String {
        String(repeating: String(format: "%02x", n % 256), count: 20)
    }

    static func commit(
        _ n: Int,
        message: String? = nil,
        author: String = "Ada Lovelace",
        email: String = "ada@example.com",
        parents: [String]? = nil,
        trailers: [String: [String]] = [:],
        in project: ProjectRef = Fixtures.project
    ) -> Commit {
        Commit(
            id: sha(n),
            message: message ?? "Change number \(n)\n\nWith a body.",
            author: Person(name: author, email: email),
            authoredAt: CommitTimestamp(date: date(1_700_000_000 + Double(n) * 60), utcOffsetSeconds: 7200),
            parentIDs: parents ?? [sha(n - 1)],
            webURL: "\(project.webURL!)/-/commit/\(sha(n))",
            trailers: trailers
        )
    }

    static func push(
        _ commits: [Commit],
        project: ProjectRef = Fixtures.project,
        branch: String = "main",
        at time: TimeInterval = 1_700_000_000
    ) -> WatchEvent {
        .commitsNew(
            project: project,
            branch: branch,
            before: commits.first?.parentIDs.first,
            after: commits.last?.id ?? sha(0),
            commits: CommitList(commits: commits),
            at: date(time)
        )
    }

    /// A commit message designed to break naive payload building (its first line, the title, has the worst).
    static let hostileMessage = """
        "Quotes" \\ </script><b>markup</b> <!channel> @everyone <users/all> *bold* _u_ `c` [l](javascript:x) \
        ctl:\u{0}\u{1}\u{7}\u{1B}[31mred\u{1B}[0m\u{7F} 👩‍👩‍👧‍👦 🇩🇪 e\u{301} bidi:\u{202E}evil\u{202C} sep:\u{2028}.
        # heading
        @here tab:\tend CR:\r\nLF zero-width:\u{200B}
        """

    /// A ~100 KB message of multi-byte characters on many lines, so any byte-based cut risks splitting one.
    static let hugeMessage = String(repeating: "Ünïcödé 👩‍👩‍👧‍👦 \"quoted\" <b>&</b>\n", count: 2_500)

    /// A ~100 KB single line (a title that long) of multi-byte characters.
    static let hugeLine = String(repeating: "Ünïcödé 👩‍👩‍👧‍👦 \"quoted\" <b>&</b> ", count: 2_500)
}

extension Fixtures {
    /// The event golden payload tests render: markup, quotes and a mention in values, a branch with `_`.
    static let goldenEvent: WatchEvent = {
        let commit = Commit(
            id: "a1b2c3d4e5f60718293a4b5c6d7e8f9012345678",
            message: "Fix <parser> & \"quotes\" *now*\n\nBody",
            author: Person(name: "Ada @everyone", email: "ada@example.com"),
            authoredAt: CommitTimestamp(iso8601: "2024-05-01T10:00:00+02:00")!,
            parentIDs: ["ffffffffffffffffffffffffffffffffffffffff"],
            webURL: "https://gitlab.com/acme/api/-/commit/a1b2c3d4e5f60718293a4b5c6d7e8f9012345678"
        )
        return WatchEvent.commitsNew(
            project: ProjectRef(instance: "gitlab.com", id: 7, path: "acme/api", webURL: "https://gitlab.com/acme/api"),
            branch: "feature/x_y",
            before: "ffffffffffffffffffffffffffffffffffffffff",
            after: commit.id,
            commits: CommitList(commits: [commit]),
            at: date(1_714_550_400)
        )
    }()

    static let goldenBatch = DeliveryBatch(events: [goldenEvent])

    static let chatEndpoint = HTTPEndpoint(url: Secret("https://chat.example.com/hooks/T0/SECRET"))
}
