import Foundation
import Notifier
import Testing

@Suite struct WatchEventTests {
    @Test func testEveryEventType_roundTripsThroughJSON() throws {
        // Given one event of every type
        let events = SampleEvents.all(at: Fixtures.date(1_700_000_000.123))
        #expect(Set(events.map(\.type)) == Set(EventType.allCases))
        for event in events {
            // When encoded and decoded
            let decoded = try WatchEvent.decode(json: try event.jsonData())
            // Then nothing is lost
            #expect(decoded == event, "\(event.type)")
        }
    }

    @Test func testCommitsNew_jsonIsTheDocumentedVersion1Payload() throws {
        // Given a one-commit push
        let commit = Commit(
            id: "a1b2c3d4e5f60718293a4b5c6d7e8f9012345678",
            message: "Fix the build\n\nSigned-off-by: Ada <ada@example.com>",
            author: Person(name: "Ada", email: "ada@example.com"),
            authoredAt: CommitTimestamp(iso8601: "2024-05-01T10:00:00+02:00")!,
            parentIDs: ["ffffffffffffffffffffffffffffffffffffffff"],
            webURL: "https://gitlab.com/acme/api/-/commit/a1b2c3d4",
            trailers: ["Signed-off-by": ["Ada <ada@example.com>"]]
        )
        let event = WatchEvent.commitsNew(
            project: ProjectRef(instance: "gitlab.com", id: 7, path: "acme/api", webURL: "https://gitlab.com/acme/api"),
            branch: "main",
            before: "ffffffffffffffffffffffffffffffffffffffff",
            after: commit.id,
            commits: CommitList(commits: [commit]),
            at: Fixtures.date(1_714_550_400)
        )
        // When encoded
        let json = String(decoding: try event.jsonData(), as: UTF8.self)
        // Then it is exactly the documented shape (keys sorted)
        #expect(
            json == """
                {"data":{"after":"a1b2c3d4e5f60718293a4b5c6d7e8f9012345678","before":"ffffffffffffffffffffffffffffffffffffffff",\
                "branch":"main","commits":[{"author_email":"ada@example.com","author_name":"Ada",\
                "authored_date":"2024-05-01T10:00:00+02:00","committed_date":"2024-05-01T10:00:00+02:00",\
                "committer_email":"ada@example.com","committer_name":"Ada","id":"a1b2c3d4e5f60718293a4b5c6d7e8f9012345678",\
                "message":"Fix the build\\n\\nSigned-off-by: Ada <ada@example.com>","parent_ids":["ffffffffffffffffffffffffffffffffffffffff"],\
                "short_id":"a1b2c3d4","title":"Fix the build","trailers":{"Signed-off-by":["Ada <ada@example.com>"]},\
                "web_url":"https://gitlab.com/acme/api/-/commit/a1b2c3d4"}],"omitted_commits":0,\
                "project":{"id":7,"instance":"gitlab.com","path":"acme/api","web_url":"https://gitlab.com/acme/api"},\
                "total_commits":1},"id":"\(event.id)","timestamp":"2024-05-01T08:00:00.000Z","type":"commits.new","version":1}
                """
        )
    }

    @Test func testID_isDerivedFromContentNotFromTime() {
        // Given the same push seen at two different times, and a different push
        let commits = [Fixtures.commit(1), Fixtures.commit(2)]
        let early = Fixtures.push(commits, at: 1_000)
        let late = Fixtures.push(commits, at: 2_000)
        let other = Fixtures.push([Fixtures.commit(1), Fixtures.commit(3)], at: 1_000)
        let otherBranch = Fixtures.push(commits, branch: "develop", at: 1_000)
        // Then the same change has the same id, and any defining difference changes it
        #expect(early.id == late.id)
        #expect(early.id != other.id)
        #expect(early.id != otherBranch.id)
        #expect(early.id.count == 64 && early.id.allSatisfy(\.isHexDigit))
    }

    @Test func testContributorID_ignoresTheCaseOfTheEmail() {
        let commit = Fixtures.commit(1)
        let lower = WatchEvent.contributorNew(
            project: Fixtures.project,
            branch: "main",
            contributor: Person(name: "Bo", email: "bo@x.org"),
            commit: commit,
            at: .now
        )
        let upper = WatchEvent.contributorNew(
            project: Fixtures.project,
            branch: "main",
            contributor: Person(name: "Bo B.", email: "Bo@X.org"),
            commit: commit,
            at: .now
        )
        #expect(lower.id == upper.id)
    }

    @Test func testDecoding_rejectsANewerPayloadVersion() throws {
        // Given a payload from a future glwatch
        var object =
            try JSONSerialization.jsonObject(with: try Fixtures.push([Fixtures.commit(1)]).jsonData()) as! [String: Any]
        object["version"] = 2
        let data = try JSONSerialization.data(withJSONObject: object)
        // Then decoding fails with a clear message
        #expect {
            try WatchEvent.decode(json: data)
        } throws: { error in
            "\(error)".contains("unsupported event version 2")
        }
    }

    @Test func testOutboxEvent_carriesRoutingMetadataAndDecodesBack() throws {
        let event = Fixtures.push([Fixtures.commit(1)], branch: "release/1.0")
        let outbox = try event.outboxEvent(createdAt: Fixtures.date(5))
        #expect(outbox.id == event.id)
        #expect(outbox.type == "commits.new")
        #expect(outbox.projectKey == "gitlab.com/42")
        #expect(outbox.branch == "release/1.0")
        #expect(outbox.createdAt == Fixtures.date(5))
        #expect(try WatchEvent(outbox: outbox) == event)
    }

    @Test func testOccurredAt_isKeptToTheMillisecond() throws {
        let event = Fixtures.push([Fixtures.commit(1)], at: 1_700_000_000.123_456)
        #expect(event.occurredAt == Fixtures.date(1_700_000_000.123))
        #expect(try WatchEvent.decode(json: try event.jsonData()).occurredAt == event.occurredAt)
    }
}
