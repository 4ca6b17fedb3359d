import Foundation
import Notifier
import Testing

@Suite struct RuleConditionsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var conditions: RuleConditions
        var event: WatchEvent
        var expected: Bool
        var testDescription: String { name }
    }

    static func glob(_ pattern: String, caseInsensitive: Bool = false) -> TextPattern {
        .glob(try! Glob(pattern, caseInsensitive: caseInsensitive))
    }

    static func regex(_ pattern: String) -> TextPattern { .regex(try! RegexPattern(pattern)) }

    static let bot = Fixtures.commit(1, author: "renovate[bot]", email: "bot@renovate.com")
    static let human = Fixtures.commit(2, author: "Ada Lovelace", email: "Ada@Example.com")
    static let merge = Fixtures.commit(3, message: "Merge branch 'x'", parents: [Fixtures.sha(1), Fixtures.sha(2)])
    static let signed = Fixtures.commit(4, trailers: ["Signed-off-by": ["Ada <ada@example.com>"]])
    static let mixedPush = Fixtures.push([bot, human])
    static let botPush = Fixtures.push([bot])
    static let unreachable = WatchEvent.projectUnreachable(
        project: Fixtures.project,
        reason: "404",
        httpStatus: 404,
        consecutiveFailures: 3,
        since: Fixtures.date(0),
        at: Fixtures.date(100)
    )

    static let cases: [Case] = [
        Case(name: "no conditions match everything", conditions: RuleConditions(), event: unreachable, expected: true),
        Case(
            name: "event type",
            conditions: RuleConditions(eventTypes: [.commitsNew]),
            event: mixedPush,
            expected: true
        ),
        Case(
            name: "other event type",
            conditions: RuleConditions(eventTypes: [.branchDeleted]),
            event: mixedPush,
            expected: false
        ),
        Case(
            name: "project glob",
            conditions: RuleConditions(projects: [glob("acme/**")]),
            event: mixedPush,
            expected: true
        ),
        Case(
            name: "project glob, one level only",
            conditions: RuleConditions(projects: [glob("acme/*")]),
            event: mixedPush,
            expected: false
        ),
        Case(
            name: "project regex",
            conditions: RuleConditions(projects: [regex("^acme/platform/")]),
            event: mixedPush,
            expected: true
        ),
        Case(
            name: "group includes subgroups",
            conditions: RuleConditions(groups: ["acme"]),
            event: mixedPush,
            expected: true
        ),
        Case(
            name: "group is not a path prefix",
            conditions: RuleConditions(groups: ["acm"]),
            event: mixedPush,
            expected: false
        ),
        Case(name: "branch", conditions: RuleConditions(branches: [glob("main")]), event: mixedPush, expected: true),
        Case(
            name: "branch on an event without branch",
            conditions: RuleConditions(branches: [glob("*")]),
            event: unreachable,
            expected: false
        ),
        Case(
            name: "author email, case-insensitive",
            conditions: RuleConditions(
                commit: CommitConditions(
                    author: PersonPattern(emails: [glob("ada@example.com", caseInsensitive: true)])
                )
            ),
            event: mixedPush,
            expected: true
        ),
        Case(
            name: "author name regex",
            conditions: RuleConditions(
                commit: CommitConditions(author: PersonPattern(names: [regex("\\[bot\\]$")]))
            ),
            event: botPush,
            expected: true
        ),
        Case(
            name: "not_author: a push with a human commit",
            conditions: RuleConditions(
                commit: CommitConditions(notAuthor: PersonPattern(nameOrEmail: [glob("*\\[bot\\]*")]))
            ),
            event: mixedPush,
            expected: true
        ),
        Case(
            name: "not_author: a bot-only push",
            conditions: RuleConditions(
                commit: CommitConditions(notAuthor: PersonPattern(nameOrEmail: [glob("*\\[bot\\]*")]))
            ),
            event: botPush,
            expected: false
        ),
        Case(
            name: "all commits by bots: mixed push",
            conditions: RuleConditions(
                commit: CommitConditions(author: PersonPattern(nameOrEmail: [glob("*\\[bot\\]*")])),
                commitQuantifier: .all
            ),
            event: mixedPush,
            expected: false
        ),
        Case(
            name: "all commits by bots: bot push",
            conditions: RuleConditions(
                commit: CommitConditions(author: PersonPattern(nameOrEmail: [glob("*\\[bot\\]*")])),
                commitQuantifier: .all
            ),
            event: botPush,
            expected: true
        ),
        Case(
            name: "commit conditions on an event without commits",
            conditions: RuleConditions(
                commit: CommitConditions(merge: false)
            ),
            event: unreachable,
            expected: false
        ),
        Case(
            name: "message regex",
            conditions: RuleConditions(commit: CommitConditions(message: [regex("(?i)with a BODY")])),
            event: mixedPush,
            expected: true
        ),
        Case(
            name: "title regex does not see the body",
            conditions: RuleConditions(
                commit: CommitConditions(title: [regex("body")])
            ),
            event: mixedPush,
            expected: false
        ),
        Case(
            name: "merge commits only",
            conditions: RuleConditions(commit: CommitConditions(merge: true)),
            event: Fixtures.push([human, merge]),
            expected: true
        ),
        Case(
            name: "merge commits only, none",
            conditions: RuleConditions(commit: CommitConditions(merge: true)),
            event: mixedPush,
            expected: false
        ),
        Case(
            name: "trailer present",
            conditions: RuleConditions(
                commit: CommitConditions(trailers: ["signed-off-by": []])
            ),
            event: Fixtures.push([signed]),
            expected: true
        ),
        Case(
            name: "trailer value",
            conditions: RuleConditions(
                commit: CommitConditions(trailers: ["Signed-off-by": [glob("*@example.com>")]])
            ),
            event: Fixtures.push([signed]),
            expected: true
        ),
        Case(
            name: "trailer value mismatch",
            conditions: RuleConditions(
                commit: CommitConditions(trailers: ["Signed-off-by": [glob("*@corp.com>")]])
            ),
            event: Fixtures.push([signed]),
            expected: false
        ),
        Case(
            name: "missing trailer (DCO reminder)",
            conditions: RuleConditions(
                commit: CommitConditions(withoutTrailers: ["Signed-off-by"])
            ),
            event: Fixtures.push([signed, human]),
            expected: true
        ),
        Case(
            name: "missing trailer, all signed",
            conditions: RuleConditions(
                commit: CommitConditions(withoutTrailers: ["Signed-off-by"])
            ),
            event: Fixtures.push([signed]),
            expected: false
        ),
        Case(name: "min commits", conditions: RuleConditions(minCommits: 3), event: mixedPush, expected: false),
        Case(name: "max commits", conditions: RuleConditions(maxCommits: 2), event: mixedPush, expected: true),
        Case(
            name: "min commits counts the total of a truncated push",
            conditions: RuleConditions(minCommits: 1_000),
            event: .commitsNew(
                project: Fixtures.project,
                branch: "main",
                before: nil,
                after: Fixtures.sha(9),
                commits: CommitList(keepingEnds: (1...2_500).map { Fixtures.commit($0) }, limit: 10),
                at: Fixtures.date(0)
            ),
            expected: true
        ),
        Case(
            name: "time window",
            conditions: RuleConditions(
                window: TimeWindow(weekdays: [5], timeZone: TimeZone(identifier: "UTC")!)
            ),  // Thursday
            event: Fixtures.push([human], at: 0),
            expected: true
        ),  // 1970-01-01 was a Thursday
        Case(
            name: "all conditions must hold",
            conditions: RuleConditions(
                eventTypes: [.commitsNew],
                branches: [glob("main")],
                maxCommits: 1
            ),
            event: mixedPush,
            expected: false
        ),
    ]

    @Test(arguments: cases)
    func testMatching(_ testCase: Case) {
        #expect(testCase.conditions.matchesIgnoringPaths(testCase.event) == testCase.expected)
    }

    @Test func testPaths_matchAnyChangedPath() throws {
        let conditions = RuleConditions(paths: [try Glob("docs/**"), try Glob("**/*.md")])
        #expect(conditions.needsChangedPaths)
        #expect(conditions.matchesPaths(["src/a.swift", "docs/intro.txt"]))
        #expect(conditions.matchesPaths(["src/README.md"]))
        #expect(!conditions.matchesPaths(["src/a.swift"]))
        #expect(!conditions.matchesPaths([]))
    }
}
