import Foundation
import Notifier
import Testing

/// Pinned event ids: literal test vectors for `EventID.derive`, for the id of one event of every type, and for a
/// digest's id. The id is the `webhook-id` receivers de-duplicate by and the key the store keeps events under, so
/// it must stay the same across releases.
///
/// **Changing any literal here re-sends history**: after an upgrade, every event glwatch sees again (a replayed
/// range, a restart mid-poll, a replica taking a project over) would get a new id, and receivers would take it
/// for a new message. A change to the derivation needs a new version prefix and a migration, not new literals.
///
/// The literals were computed apart from this code, by a few lines of Python reading the encoding documented in
/// `EventID` (SHA-256 of `glwatch-event-v1` then `|<UTF-8 byte count>:<field>` for the type, the project key, the
/// branch or NUL, and the identity parts), so they check the documentation as well as the code.
@Suite struct EventIDTests {
    static let project = ProjectRef(
        instance: "gitlab.example.com", id: 42, path: "acme/api", webURL: "https://gitlab.example.com/acme/api"
    )
    static let old = String(repeating: "1", count: 40)
    static let new = String(repeating: "2", count: 40)
    /// 2023-11-14T22:13:20.123Z: identity parts that are dates are whole milliseconds ("1700000000123").
    static let since = Date(timeIntervalSince1970: 1_700_000_000.123)
    /// When glwatch noticed: never part of an id.
    static let seen = Date(timeIntervalSince1970: 1_800_000_000)
    static let instance = (name: "gitlab.example.com", url: "https://gitlab.example.com")

    @Test func testDerive_pinnedVector_withSeparatorsAndNonASCIIInTheFields() {
        #expect(
            EventID.derive(
                type: .commitsNew, projectKey: "gitlab.example.com/7", branch: "fix|1:x", parts: ["a|b", "ü"]
            ) == "d930684e45c4d8541ceed8e2c840c96a3abf06c791af1c229477ee61f37f59cb"
        )
    }

    /// One event of every type, built as the engine builds it, and the id it must have.
    static let pinned: [(WatchEvent, String)] = {
        let (project, old, new, since, seen) = (Self.project, Self.old, Self.new, Self.since, Self.seen)
        let commit = Commit(
            id: new, message: "Add the API", author: Person(name: "Ada Lovelace", email: "Ada@Example.com"),
            authoredAt: CommitTimestamp(iso8601: "2024-05-01T10:00:00+02:00")!, parentIDs: [old], webURL: nil
        )
        let (name, url) = Self.instance
        return [
            (
                .commitsNew(
                    project: project, branch: "main", before: old, after: new, commits: CommitList(commits: [commit]),
                    at: seen
                ),
                "dda4aeea69cd0d339984762215d098ba02b712631fb38b45d93c0e39b5d88658"
            ),
            (
                .commitsNew(
                    project: project, branch: "main", before: nil, after: new, commits: CommitList(commits: [commit]),
                    at: seen
                ),
                "aa0766c76d1fecf85c5be05d9712c9ede424446dae4b00255df1fcf0638f9d36"
            ),
            (
                // The address is part of the id in lower case: the same person, however GitLab spells it
                .contributorNew(project: project, branch: "main", contributor: commit.author, commit: commit, at: seen),
                "b6189cc0c0d4dbf1ba0fcf7182eab21e7f20c13b3a704a5f5fd1995684752f38"
            ),
            (
                .branchCreated(project: project, branch: "feature/x", head: new, at: seen),
                "0b619bfc7210fbb6fc8da0741480f0b1f1c06e78af4896ee910736bab3af8c19"
            ),
            (
                .branchDeleted(project: project, branch: "feature/x", lastHead: old, at: seen),
                "44a8ce059628fb3c1a7a7e89c2b343ddc30810b31e2908deab83bc13ac6c8cf5"
            ),
            (
                .branchForcePushed(
                    project: project, branch: "main", oldHead: old, newHead: new, droppedCount: 1,
                    commits: CommitList(commits: [commit]), at: seen
                ),
                "8122bca015b4b62cd29206e76c7661dcdf39f2cd78ba95584c2b7a04a359b5ea"
            ),
            (
                .tagCreated(project: project, tag: "v1.0.0", sha: new, message: "First", at: seen),
                "099c3386594db8fbcd33ad68ce5a511f1d441da7d019db6b4a068eef2a1bb58b"
            ),
            (
                .tagDeleted(project: project, tag: "v1.0.0", lastSHA: old, at: seen),
                "fd2e03d4c2017a3c1fd60163a6193caf6f1421eb033350e058676effd131456e"
            ),
            (
                .projectUnreachable(
                    project: project, reason: "HTTP 503", httpStatus: 503, consecutiveFailures: 3, since: since,
                    at: seen
                ),
                "ced5038ad5e23b67d32501d4ea80c6f02aaeff380f94742410accdb4251c3aad"
            ),
            (
                .projectStalled(
                    project: project, reason: "HTTP 400", httpStatus: 400,
                    endpoint: "GET /projects/:id/repository/compare", sameFailures: 5, since: since, at: seen
                ),
                "64d6bee820fe3b672b38ad6dbe4ed18aec1a5c993ab5a61342dc9e05ab7a1b52"
            ),
            (
                .projectRecovered(project: project, unreachableSince: since, at: seen),
                "75fb4133b0faeea62c8d1463c3228a872d3c4ab27deae650986d03046c33fb11"
            ),
            (
                .projectRenamed(project: project, oldPath: "acme/old-api", at: seen),
                "a62567acc5f84543874f2175012d98c59efe416af73be3279644ae4111c9e5a0"
            ),
            (
                // The last heads in the order of their branch names (develop, main), whatever the dictionary's
                .projectRemoved(
                    project: project, reason: "archived", lastHeads: ["main": old, "develop": new], at: seen
                ),
                "055e4a10c026fb889e779d30782456eeefc633c7499e162deb26ee96bf2aae5c"
            ),
            (
                .watcherLagging(project: project, lastPollAt: since, intervalSeconds: 60, missedIntervals: 5, at: seen),
                "28ac5edb01d1a207907a3546216ccdbd2d14f55b9781a6d38331c640c78aacb1"
            ),
            (
                .watcherLagging(project: project, lastPollAt: nil, intervalSeconds: 60, missedIntervals: 5, at: seen),
                "feaba4f056c5715c9ad5ca9bc61de6e32d7297758a720360b46c63471b0bb0f5"
            ),
            (
                .instanceUnreachable(
                    instance: name, url: url, reason: "HTTP 401", httpStatus: 401, since: since, at: seen
                ),
                "f25ac49e92b78f7fd70577d0d7de14e0e23b1be3a572824d71bcc83a5de6b713"
            ),
            (
                .instanceRecovered(instance: name, url: url, unreachableSince: since, at: seen),
                "85adbb3ece03455a6b16007dadb1b41a5999f9637b179919ec7456dddae5bac8"
            ),
            (
                .tokenExpiring(
                    instance: name, url: url, tokenName: "glwatch-read",
                    expiresAt: Date(timeIntervalSince1970: 1_767_225_600), daysLeft: 7, source: nil, at: seen
                ),
                "28183912648bb83dfaeb6d54ac4ed00b6db575729e86d22fd5c854acb2ff3667"
            ),
        ]
    }()

    @Test func testEveryEventType_hasAPinnedID() {
        #expect(Set(Self.pinned.map(\.0.type)) == Set(EventType.allCases))
    }

    @Test(arguments: pinned.indices)
    func testEventID_ofEachType_isItsPinnedVector_andItsWebhookID(index: Int) {
        let (event, id) = Self.pinned[index]
        #expect(event.id == id, "\(event.type)")
        // The webhook-id of a message carrying the event alone is the event's id
        #expect(DeliveryBatch(events: [event]).id == id, "\(event.type)")
    }

    @Test func testEventID_doesNotDependOnWhenItWasNoticed() {
        let (event, id) = Self.pinned[0]
        let later = WatchEvent.commitsNew(
            project: event.project, branch: "main", before: Self.old, after: Self.new,
            commits: CommitList(commits: event.commits), at: Self.seen.addingTimeInterval(3_600)
        )
        #expect(later.id == id)
    }

    @Test func testDigestID_ofAGroupWindowMessage_isItsPinnedVector() {
        // A digest of commits.new and tag.created: the webhook-id of the one message carrying both
        let members = [Self.pinned[0].0, Self.pinned[6].0]
        let digest = "a344c7dcd15b9516f894924562606ef72db12a2abf6d02f24de22441218e8229"
        #expect(EventID.digest(of: members.map(\.id)) == digest)
        #expect(DeliveryBatch(events: members).id == digest)
    }
}
