import Foundation
import Testing

@testable import Notifier

/// `shorteningCommitMessages`: what a webhook body too large for its receiver keeps.
@Suite struct WatchEventShorteningTests {
    @Test func testAnnotatedTag_itsMessageAndCommitAreShortened_itsIdentityKept() {
        // Given a tag whose annotation and tagged commit message are each 10,000 bytes
        let huge = String(repeating: "x", count: 10_000)
        let commit = Fixtures.commit(1, message: huge)
        let event = WatchEvent.tagCreated(
            project: ProjectRef(instance: "gl", id: 1, path: "acme/api"), tag: "v1", sha: commit.id, message: huge,
            commit: commit, at: Fixtures.date(0)
        )

        // When shortened to 1,000-byte messages
        let short = event.shorteningCommitMessages(toBytes: 1_000, titleBytes: 100)

        // Then both fit, marked as cut, and the event is still the same event
        guard case .tagCreated(let details) = short.details else {
            Issue.record("expected tag.created")
            return
        }
        #expect((details.message?.utf8.count ?? 0) <= 1_000)
        #expect(details.message?.hasSuffix("… (truncated)") == true)
        #expect(details.commit?.messageTruncated == true)
        #expect(short.id == event.id)
    }
}
