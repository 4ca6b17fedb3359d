import Foundation
import Notifier
import Synchronization
import Testing

@Suite struct EventRouterTests {
    /// Counts how often the router asks for changed paths.
    final class CountingPaths: ChangedPathsProvider {
        let paths: [String]
        let calls = Mutex(0)
        init(_ paths: [String]) { self.paths = paths }
        func changedPaths(for event: WatchEvent) async throws -> [String] {
            calls.withLock { $0 += 1 }
            return paths
        }
    }

    struct Unavailable: ChangedPathsProvider {
        struct Failure: Error, CustomStringConvertible { var description: String { "GitLab said 503" } }
        func changedPaths(for event: WatchEvent) async throws -> [String] { throw Failure() }
    }

    static func rule(
        _ name: String,
        _ conditions: RuleConditions = RuleConditions(),
        notify sinks: [String] = [],
        drop: Bool = false,
        continue: Bool = false,
        window: TimeInterval? = nil,
        template: String? = nil
    ) -> Rule {
        Rule(
            name: name,
            conditions: conditions,
            action: drop ? .drop : .notify(Rule.Notify(sinks: sinks, template: template, groupWindow: window)),
            continueMatching: `continue`
        )
    }

    let push = Fixtures.push([Fixtures.commit(1)], at: 1_000)

    @Test func testFirstMatchingRuleWins() async throws {
        let router = EventRouter(rules: [
            Self.rule("other-branch", RuleConditions(branches: [.glob(try Glob("develop"))]), notify: ["a"]),
            Self.rule("main", notify: ["b"]),
            Self.rule("catch-all", notify: ["c"]),
        ])
        let decision = try await router.route(push, changedPaths: nil)
        #expect(decision.matchedRules == ["main"])
        #expect(decision.deliveries == [PlannedDelivery(sink: "b", rule: "main", notBefore: push.occurredAt)])
    }

    @Test func testContinue_fallsThroughAndEachSinkIsPlannedOnce() async throws {
        let router = EventRouter(rules: [
            Self.rule("audit", notify: ["audit"], continue: true, template: "audit.mustache"),
            Self.rule("chat", notify: ["chat", "audit"]),
            Self.rule("never", notify: ["other"]),
        ])
        let decision = try await router.route(push, changedPaths: nil)
        #expect(decision.matchedRules == ["audit", "chat"])
        #expect(decision.deliveries.map(\.sink) == ["audit", "chat"])
        #expect(decision.deliveries[0].template == "audit.mustache")  // the first rule naming a sink decides
    }

    @Test func testDrop_silencesLaterRulesButKeepsEarlierContinueRules() async throws {
        let bots = RuleConditions(
            commit: CommitConditions(author: PersonPattern(nameOrEmail: [.glob(try Glob("Ada*"))]))
        )
        let router = EventRouter(rules: [
            Self.rule("audit", notify: ["audit"], continue: true),
            Self.rule("bots", bots, drop: true),
            Self.rule("chat", notify: ["chat"]),
        ])
        let decision = try await router.route(push, changedPaths: nil)
        #expect(decision.droppedBy == "bots")
        #expect(decision.matchedRules == ["audit", "bots"])
        #expect(decision.deliveries.map(\.sink) == ["audit"])
    }

    @Test func testGroupWindow_alignsToTheClockPerRuleSinkAndProject() async throws {
        let router = EventRouter(rules: [Self.rule("digest", notify: ["chat"], window: 600)])
        let early = Fixtures.push([Fixtures.commit(1)], at: 1_200)  // window 1200..<1800
        let late = Fixtures.push([Fixtures.commit(2)], at: 1_799)
        let next = Fixtures.push([Fixtures.commit(3)], at: 1_800)
        let elsewhere = Fixtures.push([Fixtures.commit(4)], project: Fixtures.project("acme/web", id: 43), at: 1_300)
        let plans = try await [early, late, next, elsewhere].asyncMap {
            try await router.route($0, changedPaths: nil).deliveries[0]
        }
        #expect(plans[0].groupKey == "rule=digest|sink=chat|project=gitlab.com/42|window=1200")
        #expect(plans[0].notBefore == Fixtures.date(1_800))
        #expect(plans[1].groupKey == plans[0].groupKey)
        #expect(plans[2].groupKey != plans[0].groupKey)
        #expect(plans[2].notBefore == Fixtures.date(2_400))
        #expect(plans[3].groupKey != plans[0].groupKey)
    }

    /// A change set GitLab cut short.
    struct Truncated: ChangedPathsProvider {
        func changedPaths(for event: WatchEvent) async throws -> [String] { ["generated/a.txt"] }
        func changeSet(for event: WatchEvent) async throws -> ChangedPaths {
            ChangedPaths(paths: ["generated/a.txt"], isTruncated: true)
        }
    }

    @Test func testTruncatedChangedPaths_matchThePathsRule_soNoEventIsSilentlySkipped() async throws {
        // Given a docs rule and a push whose diff GitLab cut short (no docs path among those listed)
        let router = EventRouter(rules: [
            Self.rule("docs", RuleConditions(paths: [try Glob("docs/**")]), notify: ["docs"])
        ])

        // When it is routed
        let truncated = try await router.route(push, changedPaths: Truncated())
        let complete = try await router.route(push, changedPaths: CountingPaths(["generated/a.txt"]))

        // Then the rule matches the truncated list, not the complete one
        #expect(truncated.matchedRules == ["docs"])
        #expect(complete.matchedRules.isEmpty)
    }

    @Test func testChangedPaths_areFetchedOnlyWhenARulesOtherConditionsHold_andOnlyOnce() async throws {
        let docs = RuleConditions(paths: [try Glob("docs/**")])
        let onDevelop = RuleConditions(branches: [.glob(try Glob("develop"))], paths: [try Glob("**")])
        let router = EventRouter(rules: [
            Self.rule("develop-anything", onDevelop, notify: ["a"]),  // branch does not match: no fetch
            Self.rule("docs", docs, notify: ["docs"], continue: true),
            Self.rule("docs-again", docs, notify: ["more"]),
        ])
        let provider = CountingPaths(["docs/guide.md", "src/main.swift"])
        let decision = try await router.route(push, changedPaths: provider)
        #expect(decision.matchedRules == ["docs", "docs-again"])
        #expect(provider.calls.withLock { $0 } == 1)

        let noPathRules = EventRouter(rules: [Self.rule("all", notify: ["a"])])
        let counting = CountingPaths([])
        _ = try await noPathRules.route(push, changedPaths: counting)
        #expect(counting.calls.withLock { $0 } == 0)
    }

    @Test func testChangedPaths_thatDoNotMatch_skipTheRule() async throws {
        let router = EventRouter(rules: [
            Self.rule("docs", RuleConditions(paths: [try Glob("docs/**")]), notify: ["docs"]),
            Self.rule("rest", notify: ["rest"]),
        ])
        let decision = try await router.route(push, changedPaths: StaticChangedPaths(["src/a.swift"]))
        #expect(decision.matchedRules == ["rest"])
    }

    @Test func testChangedPaths_thatCannotBeHad_failTheRouting() async throws {
        let router = EventRouter(rules: [Self.rule("docs", RuleConditions(paths: [try Glob("docs/**")]), notify: ["d"])]
        )
        await #expect {
            try await router.route(push, changedPaths: Unavailable())
        } throws: { error in
            "\(error)" == "rule \"docs\" needs the changed paths: GitLab said 503"
        }
        await #expect {
            try await router.route(push, changedPaths: nil)
        } throws: { error in
            "\(error)" == "rule \"docs\" needs the changed paths: no changed-paths provider was given"
        }
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
