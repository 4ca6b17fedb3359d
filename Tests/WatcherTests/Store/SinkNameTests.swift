import Testing

@testable import Watcher

@Suite("SinkName")
struct SinkNameTests {
    @Test(arguments: ["ops", "team-chat", "slack_prod.2", String(repeating: "a", count: 64)])
    func testValidate_plainNames_pass(name: String) throws {
        try SinkName.validate(name)
    }

    private static let rule =
        ": sink names are plain names ([A-Za-z0-9_.-], at most 64 characters); the state store never keeps sink URLs "
        + "or tokens"

    @Test(arguments: [
        ("", "invalid sink name \"\"" + rule),
        ("two words", "invalid sink name \"two words\"" + rule),
        (
            "https://hooks.slack.com/services/T0/B0/XXXX",
            "invalid sink name <redacted: looks like a URL or credential>" + rule
        ),
        ("token=abc", "invalid sink name <redacted: looks like a URL or credential>" + rule),
    ])
    func testValidate_otherNames_failWithoutRevealingSecrets(name: String, message: String) {
        let error = #expect(throws: StateStoreError.self) { try SinkName.validate(name) }
        #expect(error?.description == message)
    }

    @Test func testValidate_tooLong_fails() {
        #expect(throws: StateStoreError.self) { try SinkName.validate(String(repeating: "a", count: 65)) }
    }
}
