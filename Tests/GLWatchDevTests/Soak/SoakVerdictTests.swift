import FakeGitLab
import Foundation
import Notifier
import Testing

@testable import GLWatchDev
@testable import Watcher

/// The soak's judge: what the receiver got, de-duplicated by `webhook-id`, against the ground truth worked out
/// from the fake's repositories.
@Suite("SoakVerdict")
struct SoakVerdictTests {
    static let at = Date(timeIntervalSince1970: 1_700_000_000)
    static let ann = FakeAuthor(name: "Ann", email: "ann@soak.example")

    /// A fake with `soak/p1` (3 commits by Ann on `main`), the history when watching began, and the project.
    struct World {
        let gitlab = FakeGitLab()
        let project: FakeProject
        let start: FakeHistory
        var ref: ProjectRef { ProjectRef(instance: "fake", id: project.id, path: "soak/p1") }

        init() {
            project = gitlab.addProject("soak/p1")
            project.commits(3, on: "main", by: [SoakVerdictTests.ann])
            start = gitlab.history()
        }

        /// Pushes `count` commits by Ann to `main` that touch only `README.md` (no `paths:` rule match).
        func push(_ count: Int) -> [String] {
            project.push((1...count).map { FakeCommitSpec("Change \($0)", author: SoakVerdictTests.ann) }, to: "main")
        }

        func truth() -> FakeGroundTruth { FakeGroundTruth(start: start, end: gitlab.history()) }

        func commit(_ sha: String, by email: String = "ann@soak.example") -> Commit {
            Commit(id: sha, message: "Change", author: Person(name: "X", email: email), authoredAt: CommitTimestamp(date: at))
        }

        func pushed(_ shas: [String], before: String?, total: Int? = nil) -> WatchEvent {
            .commitsNew(
                project: ref, branch: "main", before: before, after: shas.last!,
                commits: CommitList(commits: shas.map { commit($0) }, totalCount: total, gapIndex: total.map { _ in 1 }),
                at: at
            )
        }
    }

    static func delivery(
        _ event: WatchEvent, sink: String = SoakLedger.mainSink, id: String? = nil, mode: SoakReceiver.Mode = .up
    ) throws -> SoakReceiver.Delivery {
        SoakReceiver.Delivery(
            sink: sink, webhookID: id ?? "\(sink)-\(event.id)", body: try EventJSON.encoder().encode(event),
            accepted: mode == .up, mode: mode, signatureValid: true
        )
    }

    static func raw(_ json: String, id: String) -> SoakReceiver.Delivery {
        SoakReceiver.Delivery(
            sink: SoakLedger.mainSink, webhookID: id, body: Data(json.utf8), accepted: true, mode: .up,
            signatureValid: true
        )
    }

    @Test func testEveryCommitAnnounced_afterA503_passes() throws {
        // Given two pushes, the first turned away once (503) then acknowledged
        let world = World()
        let before = world.project.head(of: "main")!
        let first = world.push(2)
        let second = world.push(1)
        var ledger = SoakLedger()
        ledger.ingest([
            try Self.delivery(world.pushed(first, before: before), mode: .unavailable),
            try Self.delivery(world.pushed(first, before: before)),
            try Self.delivery(world.pushed(second, before: first.last!)),
        ])

        let verdict = SoakVerdict(truth: world.truth(), ledger: ledger)

        #expect(verdict.passed, "\(verdict)")
        #expect(ledger.delivered == 2)
        #expect(ledger.turnedAway == [.unavailable: 1])
        #expect(ledger.isAnnounced(project: "soak/p1", branch: "main", at: second[0]))
        #expect(!ledger.isAnnounced(project: "soak/p1", branch: "main", at: first[0]))
    }

    @Test func testWebhookIDAcknowledgedTwice_isDroppedAsARedelivery_notAcceptedTwice() throws {
        // Given one push whose message is acknowledged, then sent again under the same webhook-id (glwatch was
        // killed between the receiver's 2xx and recording it)
        let world = World()
        let before = world.project.head(of: "main")!
        let pushed = world.push(1)
        var ledger = SoakLedger()
        let delivery = try Self.delivery(world.pushed(pushed, before: before))

        ledger.ingest([delivery, delivery])

        // Then the receiver drops the second copy: one message delivered, nothing doubled or lost
        let verdict = SoakVerdict(truth: world.truth(), ledger: ledger)
        #expect(ledger.redelivered == 1)
        #expect(ledger.delivered == 1)
        #expect(verdict.passed, "\(verdict)")
    }

    @Test func testOneEventUnderTwoWebhookIDs_isADuplicate() throws {
        // Given the same event sent as two messages with different webhook-ids (a receiver cannot drop the second)
        let world = World()
        let before = world.project.head(of: "main")!
        let pushed = world.push(1)
        var ledger = SoakLedger()
        let body = try Self.delivery(world.pushed(pushed, before: before))
        let again = SoakReceiver.Delivery(
            sink: body.sink, webhookID: body.webhookID + "-again", body: body.body, accepted: true, mode: .up,
            signatureValid: true
        )

        ledger.ingest([body, again])

        let verdict = SoakVerdict(truth: world.truth(), ledger: ledger)
        #expect(verdict.duplicated.count == 1, "\(verdict)")
        #expect(verdict.lost.isEmpty && verdict.unexpected.isEmpty)
    }

    @Test func testCommitMissing_isLost_andCommitNeverPushed_isUnexpected() throws {
        let world = World()
        let before = world.project.head(of: "main")!
        let pushed = world.push(2)
        var ledger = SoakLedger()

        ledger.ingest([try Self.delivery(world.pushed([pushed[1], String(repeating: "e", count: 40)], before: before))])

        let verdict = SoakVerdict(truth: world.truth(), ledger: ledger)
        #expect(verdict.lost == ["commit \(pushed[0].prefix(12)) in soak/p1"])
        #expect(verdict.unexpected == ["commit eeeeeeeeeeee announced in soak/p1, never pushed after the start"])
    }

    @Test func testTruncatedEvent_coversItsRange_butNotMoreThanItHolds() throws {
        let world = World()
        let before = world.project.head(of: "main")!
        let pushed = world.push(5)
        var honest = SoakLedger()
        var inflated = SoakLedger()

        honest.ingest([try Self.delivery(world.pushed([pushed[0], pushed[4]], before: before, total: 5))])
        inflated.ingest([try Self.delivery(world.pushed([pushed[0], pushed[4]], before: before, total: 9))])

        #expect(SoakVerdict(truth: world.truth(), ledger: honest).passed)
        #expect(SoakVerdict(truth: world.truth(), ledger: inflated).unexpected.count == 1)
    }

    @Test func testDeletedProject_needsOneProjectRemoved_readFromRawJSON() throws {
        let world = World()
        let id = world.project.id
        world.project.delete()
        let truth = FakeGroundTruth(start: world.start, end: world.gitlab.history())
        let removed = """
            {"version":1,"id":"r1","type":"project.removed","timestamp":"2024-01-01T00:00:00.000Z",
             "data":{"project":{"instance":"fake","id":\(id),"path":"soak/p1"},"reason":"deleted"}}
            """
        var ledger = SoakLedger()

        #expect(SoakVerdict(truth: truth, ledger: ledger).lost == ["project.removed for soak/p1 (deleted)"])
        ledger.ingest([Self.raw(removed, id: "w1")])
        #expect(SoakVerdict(truth: truth, ledger: ledger).passed)
        #expect(ledger.eventsByType == ["project.removed": 1])
    }

    @Test func testForcePushForABranchDeletedAndCreatedAgain_isUnexpected_andTheDeletionLost() throws {
        let world = World()
        let head = world.project.head(of: "main")!
        let older = world.project.log("main")[1]
        world.project.deleteBranch("main")
        world.project.createBranch("main", from: older)
        var ledger = SoakLedger()

        ledger.ingest([
            try Self.delivery(
                .branchForcePushed(
                    project: world.ref, branch: "main", oldHead: head, newHead: older, droppedCount: 1,
                    commits: CommitList(commits: []), at: Self.at
                )
            ),
            try Self.delivery(.branchCreated(project: world.ref, branch: "main", head: older, at: Self.at)),
        ])

        let verdict = SoakVerdict(truth: world.truth(), ledger: ledger)
        #expect(verdict.unexpected == ["1 branch.force_pushed for soak/p1@main, which never happened"])
        #expect(verdict.lost == ["1 of 1 branch.deleted for soak/p1@main"])
    }

    @Test func testContributorAfterAWebMerge_isExpected_andAMergeOnlyAuthorIsNot() throws {
        let world = World()
        let before = world.project.head(of: "main")!
        let own = world.project.commit("Own", on: "main", by: FakeAuthor(name: "Pat", email: "pat@soak.example"))
        var ledger = SoakLedger()

        ledger.ingest([
            try Self.delivery(world.pushed([own], before: before)),
            try Self.delivery(
                .contributorNew(
                    project: world.ref, branch: "main", contributor: Person(name: "Mia", email: "mia@soak.example"),
                    commit: world.commit(own), at: Self.at
                )
            ),
        ])

        let verdict = SoakVerdict(truth: world.truth(), ledger: ledger)
        #expect(verdict.lost == ["1 of 1 contributor.new for pat@soak.example in soak/p1"])
        #expect(verdict.unexpected == ["1 contributor.new for mia@soak.example in soak/p1, which never happened"])
    }

    @Test func testPathsRule_sourceChangeMustReachItsSink_docsChangeMustNot() throws {
        let world = World()
        let before = world.project.head(of: "main")!
        let source = world.project.commit("Code", on: "main", by: Self.ann, files: ["src/a.swift"])
        let docs = world.project.commit("Docs", on: "main", by: Self.ann, files: ["docs/a.md"])
        let sourceEvent = world.pushed([source], before: before)
        let docsEvent = world.pushed([docs], before: source)
        var ledger = SoakLedger()

        ledger.ingest([
            try Self.delivery(sourceEvent), try Self.delivery(docsEvent),
            try Self.delivery(docsEvent, sink: SoakLedger.pathsSink),
        ])

        let verdict = SoakVerdict(truth: world.truth(), ledger: ledger)
        #expect(verdict.lost.count == 1 && verdict.lost[0].contains(sourceEvent.id), "\(verdict.lost)")
        #expect(verdict.unexpected.count == 1 && verdict.unexpected[0].contains(docsEvent.id), "\(verdict.unexpected)")
    }

    @Test func testPathsRuleOff_itsSinkIsNotChecked() throws {
        let world = World()
        let before = world.project.head(of: "main")!
        let source = world.project.commit("Code", on: "main", by: Self.ann, files: ["src/a.swift"])
        var ledger = SoakLedger()

        ledger.ingest([try Self.delivery(world.pushed([source], before: before))])

        #expect(SoakVerdict(truth: world.truth(), ledger: ledger, pathsRule: false).passed)
        #expect(!SoakVerdict(truth: world.truth(), ledger: ledger, pathsRule: true).passed)
    }
}
