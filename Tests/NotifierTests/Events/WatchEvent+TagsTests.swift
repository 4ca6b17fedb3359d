import Foundation
import Testing

@testable import Notifier

/// `tag.created` and `tag.deleted` (issue 14): content-derived ids, the JSON payload, the built-in message and
/// the link.
@Suite struct WatchEventTagsTests {
    let project = ProjectRef(instance: "gl", id: 7, path: "acme/api", webURL: "https://gitlab.example.com/acme/api")
    let time = Date(timeIntervalSince1970: 1_700_000_000)
    let sha = String(repeating: "a", count: 40)
    let other = String(repeating: "b", count: 40)

    @Test func testIDs_dependOnTagAndCommit_notOnTimeOrMessage() {
        let first = WatchEvent.tagCreated(project: project, tag: "v1", sha: sha, at: time)
        let again = WatchEvent.tagCreated(
            project: project, tag: "v1", sha: sha, message: "later", at: time.addingTimeInterval(60)
        )
        let moved = WatchEvent.tagCreated(project: project, tag: "v1", sha: other, at: time)
        let deleted = WatchEvent.tagDeleted(project: project, tag: "v1", lastSHA: sha, at: time)

        #expect(first.id == again.id)
        #expect(Set([first.id, moved.id, deleted.id]).count == 3)
        #expect(first.branch == nil)
    }

    @Test func testJSON_namesTheTagCommitMessageAndPage_andRoundTrips() throws {
        // Given an annotated tag whose name needs encoding in a URL
        let event = WatchEvent.tagCreated(
            project: project, tag: "release/1 final", sha: sha, message: "Notes", at: time
        )

        // When encoded as the webhook payload
        let json = try #require(
            try JSONSerialization.jsonObject(with: event.jsonData()) as? [String: Any]
        )
        let data = try #require(json["data"] as? [String: Any])

        // Then its data carries the tag's fields, and decoding gives the same event
        #expect(json["type"] as? String == "tag.created")
        #expect(data["tag"] as? String == "release/1 final")
        #expect(data["sha"] as? String == sha)
        #expect(data["message"] as? String == "Notes")
        #expect(data["web_url"] as? String == "https://gitlab.example.com/acme/api/-/tags/release/1%20final")
        #expect(data["branch"] == nil)
        #expect(try WatchEvent.decode(json: event.jsonData()) == event)
    }

    @Test func testPlainMessage_ofAnAnnotatedTag_showsNameCommitAndMessage() {
        let event = WatchEvent.tagCreated(project: project, tag: "v2.0", sha: sha, message: "Release 2.0", at: time)

        #expect(
            MessageTemplate.builtIn(.plain).render([event], dialect: .plain) == """
                Tag created: v2.0 in acme/api at aaaaaaaa
                Release 2.0
                https://gitlab.example.com/acme/api/-/tags/v2.0

                """
        )
    }

    @Test func testPlainMessage_ofADeletedTag_saysWhereItPointed_andLinksThatCommit() {
        let event = WatchEvent.tagDeleted(project: project, tag: "v0.9", lastSHA: sha, at: time)

        #expect(
            MessageTemplate.builtIn(.plain).render([event], dialect: .plain) == """
                Tag deleted: v0.9 in acme/api (was at aaaaaaaa)
                https://gitlab.example.com/acme/api/-/commit/\(sha)

                """
        )
    }

    @Test func testSlackMessage_linksTheTagPage() {
        let event = WatchEvent.tagCreated(project: project, tag: "v2.0", sha: sha, at: time)

        #expect(
            MessageTemplate.builtIn(.slack).render([event], dialect: .slack).hasPrefix(
                "*Tag created*: <https://gitlab.example.com/acme/api/-/tags/v2.0|`v2.0`> in "
                    + "<https://gitlab.example.com/acme/api|acme/api> at `aaaaaaaa`"
            )
        )
    }

    @Test func testSlackMessage_escapesAHostileTagNameAndMessage() {
        // Given a tag whose name and annotation try Slack's mention and link markup
        let event = WatchEvent.tagCreated(
            project: project, tag: "v1<!channel>", sha: sha, message: "<!here> & <https://evil.example|click>", at: time
        )

        // When rendered for Slack
        let text = MessageTemplate.builtIn(.slack).render([event], dialect: .slack)

        // Then neither reaches Slack as markup
        #expect(!text.contains("<!channel>"))
        #expect(!text.contains("<!here>"))
        #expect(!text.contains("<https://evil.example|click>"))
        #expect(text.contains("&lt;!here&gt; &amp; &lt;https://evil.example|click&gt;"))
    }
}
