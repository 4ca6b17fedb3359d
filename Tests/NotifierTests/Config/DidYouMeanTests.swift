import Testing

@testable import Notifier

@Suite struct DidYouMeanTests {
    @Test(arguments: [
        ("brnach", ["branch", "project"], "branch"),
        ("notfy", ["notify", "name"], "notify"),
        ("commit.new", ["commits.new", "contributor.new"], "commits.new"),
        ("Template", ["template"], "template"),
    ])
    func testCloseWords_areSuggested(word: String, candidates: [String], expected: String) {
        #expect(DidYouMean.suggestion(for: word, among: candidates) == expected)
    }

    @Test func testFarWords_areNotSuggested() {
        #expect(DidYouMean.suggestion(for: "colour", among: ["branch", "notify"]) == nil)
        #expect(DidYouMean.hint(for: "xyz", among: ["events"]) == "")
    }
}
