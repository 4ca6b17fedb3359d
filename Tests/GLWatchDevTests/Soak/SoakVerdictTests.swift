import Foundation
import Notifier
import Testing

@testable import GLWatchDev
@testable import Watcher

/// The soak's judge: what the receiver got, de-duplicated by `webhook-id`, against the ground truth.
@Suite("SoakVerdict")
struct SoakVerdictTests {
    static let project = ProjectRef(instance: "fake", id: 1, path: "soak/p1")
    static let main = SoakBranch(project: "soak/p1", branch: "main")
    static let ann = Person(name: "Ann", email: "Ann@soak.example")
    static let at = Date(timeIntervalSince1970: 1_700_000_000)
    static let shas = (1...4).map { String(repeating: String($0), count: 40) }

    static func commit(_ sha: String) -> Commit {
        Commit(id: sha, message: "Change", author: ann, authoredAt: CommitTimestamp(date: at))
    }

    static func pushed(_ shas: [String], after: String? = nil) -> WatchEvent {
        .commitsNew(
            project: project, branch: "main", before: nil, after: after ?? shas.last!,
            commits: CommitList(commits: shas.map(commit)), at: at
        )
    }

    /// A request as the receiver records it, signed or not.
    static func delivery(_ event: WatchEvent, id: String? = nil, accepted: Bool = true, signed: Bool = true)
        throws -> SoakReceiver.Delivery
    {
        SoakReceiver.Delivery(
            webhookID: id ?? event.id, body: try EventJSON.encoder().encode(event), accepted: accepted,
            signatureValid: signed
        )
    }

    static func truth(commits: [String]) -> SoakTruth {
        var truth = SoakTruth()
        for sha in commits { truth.commits[sha] = main }
        return truth
    }

    @Test func testEveryCommitInOneEvent_redeliveredBySameWebhookID_passesAndCountsRawDuplicates() throws {
        // Given two pushes, the first delivered twice under its webhook-id (after a kill) and once refused (503)
        let first = Self.pushed(Array(Self.shas[0...1]))
        let second = Self.pushed(Array(Self.shas[2...3]))
        var ledger = SoakLedger()
        ledger.ingest([
            try Self.delivery(first, accepted: false), try Self.delivery(first), try Self.delivery(first),
            try Self.delivery(second),
        ])

        let verdict = SoakVerdict(truth: Self.truth(commits: Self.shas), ledger: ledger)

        #expect(verdict.passed, "\(verdict)")
        #expect(ledger.rawDuplicates == 1)
        #expect(ledger.refused == 1)
        #expect(ledger.delivered == 2)
        #expect(ledger.isAnnounced(Self.main, at: Self.shas[3]))
        #expect(!ledger.isAnnounced(Self.main, at: Self.shas[2]))
    }

    @Test func testCommitNeverDelivered_isLost() throws {
        var ledger = SoakLedger()
        ledger.ingest([try Self.delivery(Self.pushed(Array(Self.shas[0...2])))])

        let verdict = SoakVerdict(truth: Self.truth(commits: Self.shas), ledger: ledger)

        #expect(!verdict.passed)
        #expect(verdict.lost == ["commit \(Self.shas[3].prefix(12)) pushed to soak/p1@main"])
    }

    @Test func testCommitInTwoDistinctEvents_isDuplicated_evenUnderDifferentWebhookIDs() throws {
        var ledger = SoakLedger()
        ledger.ingest([
            try Self.delivery(Self.pushed([Self.shas[0]])),
            try Self.delivery(Self.pushed([Self.shas[0]], after: Self.shas[1])),
        ])

        let verdict = SoakVerdict(truth: Self.truth(commits: [Self.shas[0]]), ledger: ledger)

        #expect(verdict.duplicated == ["commit \(Self.shas[0].prefix(12)) on soak/p1@main in 2 events"])
    }

    @Test func testSameEventUnderTwoWebhookIDs_isDuplicated() throws {
        let event = Self.pushed([Self.shas[0]])
        var ledger = SoakLedger()
        ledger.ingest([try Self.delivery(event, id: "msg_1"), try Self.delivery(event, id: "msg_2")])

        let verdict = SoakVerdict(truth: Self.truth(commits: [Self.shas[0]]), ledger: ledger)

        #expect(verdict.duplicated == ["event \(event.id) delivered under two webhook-ids"])
    }

    @Test func testCommitNeverPushed_badSignature_andUnscriptedEvents_areUnexpected() throws {
        var ledger = SoakLedger()
        ledger.ingest([
            try Self.delivery(Self.pushed([Self.shas[0]]), signed: false),
            try Self.delivery(.branchCreated(project: Self.project, branch: "stray", head: Self.shas[0], at: Self.at)),
        ])

        let verdict = SoakVerdict(truth: SoakTruth(), ledger: ledger)

        #expect(
            verdict.unexpected == [
                "commit \(Self.shas[0].prefix(12)) announced on soak/p1@main, never pushed by the soak",
                "1 branch.created for soak/p1@stray, which the soak never caused",
                "1 requests with a bad signature",
            ]
        )
    }

    @Test func testBranchesForcePushesAndContributors_comparedByCount() throws {
        var truth = SoakTruth()
        let feature = SoakBranch(project: "soak/p1", branch: "feature/1")
        truth.createdBranches = [feature]
        truth.forcePushes = [Self.main: 2]
        truth.newContributors = [SoakContributor(project: "soak/p1", email: "ann@soak.example")]
        var ledger = SoakLedger()
        ledger.ingest([
            try Self.delivery(
                .branchCreated(project: Self.project, branch: "feature/1", head: Self.shas[0], at: Self.at)
            ),
            try Self.delivery(
                .branchForcePushed(
                    project: Self.project, branch: "main", oldHead: Self.shas[0], newHead: Self.shas[1],
                    droppedCount: 1, commits: CommitList(commits: []), at: Self.at
                )
            ),
            try Self.delivery(
                .contributorNew(
                    project: Self.project, branch: "main", contributor: Self.ann, commit: Self.commit(Self.shas[0]),
                    at: Self.at
                )
            ),
        ])

        let verdict = SoakVerdict(truth: truth, ledger: ledger)

        #expect(verdict.lost == ["1 of 2 branch.force_pushed for soak/p1@main"])
        #expect(verdict.duplicated.isEmpty && verdict.unexpected.isEmpty)
        #expect(ledger.isAnnounced(feature, at: Self.shas[0]))
        #expect(ledger.isAnnounced(Self.main, at: Self.shas[1]))
    }
}
