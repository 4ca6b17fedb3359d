import Foundation
import Notifier
import Testing

/// Every chat sink, fed hostile and huge commit messages: the payload is valid JSON, control characters
/// never reach the service raw, and the service's size limit holds without splitting a character.
@Suite struct ChatSinkLimitsTests {
    static let sinkNames = ["slack", "mattermost", "discord", "teams", "google_chat", "ntfy"]
    /// The sinks whose markup is HTML (their limits are tested in their own suites: a cut must fall between lines).
    static let htmlSinkNames = ["telegram", "matrix", "gotify"]

    /// Service limits: (unit, limit) for the shown text, or the whole body in bytes.
    static let limits: [String: (text: Int?, body: Int?)] = [
        "slack": (40_000, nil), "mattermost": (16_383, nil), "discord": (2_000, nil), "teams": (nil, 28_000),
        "google_chat": (nil, 32_000), "ntfy": (4_096, nil),
    ]

    /// 30 commits with ~100 KB titles and ~100 KB messages of multi-byte characters.
    static let hugePush = Fixtures.push(
        (1...30).map { n in
            Fixtures.commit(n, message: "Ä👩‍👩‍👧‍👦\"<&>" + Fixtures.hugeLine + "\n\n" + Fixtures.hugeMessage)
        }
    )

    /// One such commit: with the `everything` template, beyond every service's limit.
    static let hugeMessages = Fixtures.push(Array(hugePush.commits.prefix(1)))

    /// A template that prints every commit's full message: far beyond every service's limit.
    static let everything = try! MessageTemplate(
        name: "everything",
        source: """
            {{summary}}
            {{#commits}}
            {{message}}
            {{/commits}}
            """
    )

    static func sink(_ name: String, template: MessageTemplate? = nil) -> any Sink {
        PayloadChecks.chatSinks(template: template).first { $0.name == name }!
    }

    @Test(arguments: sinkNames)
    func testHugeTitles_areCutInTheBuiltInTemplates_soOtherCommitsStillShow(sinkName: String) throws {
        let message = try Self.sink(sinkName).makeMessage(
            for: DeliveryBatch(events: [Self.hugePush]),
            at: Fixtures.date(0)
        )
        let shown = PayloadChecks.texts(try PayloadChecks.object(message)).joined(separator: "\n")
        #expect(shown.contains("…"))
        #expect(!shown.contains("… (truncated)") || sinkName == "discord" || sinkName == "ntfy")
        #expect(shown.contains("02020202") || sinkName == "discord")  // the second commit is not pushed out
    }

    @Test(arguments: sinkNames + htmlSinkNames)
    func testHostileCommitMessages_yieldValidSafeJSON(sinkName: String) throws {
        let hostile = Fixtures.commit(
            1,
            message: Fixtures.hostileMessage,
            author: "Eve \"<script>\" @everyone",
            email: "eve@example.com"
        )
        let event = Fixtures.push([hostile], branch: "feat/<b>&\"x\"")
        let message = try Self.sink(sinkName).makeMessage(for: DeliveryBatch(events: [event]), at: Fixtures.date(0))
        let object = try PayloadChecks.object(message)
        let shown = PayloadChecks.texts(object).joined(separator: "\n")
        // No raw terminal escapes or NULs reach the service; emoji survive whole.
        #expect(!shown.contains("\u{1B}"))
        #expect(!shown.contains("\u{0}"))
        #expect(!shown.contains("\u{202E}"))
        #expect(shown.contains("👩‍👩‍👧‍👦"))
        #expect(PayloadChecks.header(message, "Idempotency-Key") == event.id)
        switch sinkName {
        case "slack":
            #expect(!shown.contains("<!channel>"))
            #expect(shown.contains("&lt;!channel&gt;"))
        case "discord":
            #expect((object["allowed_mentions"] as? [String: Any])?["parse"] as? [String] == [])
        case "mattermost":
            #expect(!shown.contains(" @everyone"))
            #expect(shown.contains("@\u{200B}everyone"))
        case "google_chat":
            #expect(!shown.contains("<users/all>"))
        case "telegram":
            #expect(!shown.contains("feat/<b>"))
            #expect(shown.contains("feat/&lt;b&gt;&amp;&quot;x&quot;"))
        case "matrix":  // the plain `body` is shown as text; the HTML must escape
            let html = object["formatted_body"] as? String ?? ""
            #expect(!html.contains("feat/<b>"))
            #expect(html.contains("feat/&lt;b&gt;&amp;&quot;x&quot;"))
        default:
            break
        }
    }

    @Test(arguments: sinkNames)
    func testHugePushes_stayWithinTheServiceLimit_withoutSplittingCharacters(sinkName: String) throws {
        let message = try Self.sink(sinkName, template: Self.everything)
            .makeMessage(for: DeliveryBatch(events: [Self.hugeMessages]), at: Fixtures.date(0))
        let object = try PayloadChecks.object(message)
        let limit = try #require(Self.limits[sinkName])
        if let bodyLimit = limit.body { #expect(message.body.count <= bodyLimit) }
        let texts: [String]
        switch sinkName {
        case "slack", "mattermost": texts = [object["text"] as! String]
        case "discord": texts = [object["content"] as! String]
        case "ntfy": texts = [object["message"] as! String]
        default: texts = PayloadChecks.texts(object)
        }
        for text in texts {
            if let textLimit = limit.text {
                if sinkName == "ntfy" {
                    #expect(text.utf8.count <= textLimit)
                } else {
                    #expect(text.utf16.count <= textLimit)
                }
            }
            // A cut never leaves part of a family emoji (woman, woman, girl, boy joined by ZWJ).
            let families = text.components(separatedBy: "👩‍👩‍👧‍👦").count - 1
            #expect(text.unicodeScalars.filter { $0 == "\u{1F469}" }.count == 2 * families)
            #expect(text.unicodeScalars.filter { $0 == "\u{1F466}" }.count == families)
        }
        #expect(texts.joined().contains("👩‍👩‍👧‍👦"))
        #expect(texts.joined().contains("… (truncated)"))
    }
}
