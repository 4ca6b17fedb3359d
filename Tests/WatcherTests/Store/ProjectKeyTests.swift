import Testing

@testable import Watcher

@Suite("ProjectKey")
struct ProjectKeyTests {
    @Test func testDescription_roundTripsThroughTheOutboxProjectKey() {
        let key = ProjectKey(instance: "gitlab.example.com:8443", id: 278_964)
        #expect(key.description == "gitlab.example.com:8443/278964")
        #expect(ProjectKey(key.description) == key)
    }

    @Test(arguments: ["", "gitlab.com", "/12", "gitlab.com/", "gitlab.com/abc"])
    func testParse_malformed_isNil(text: String) {
        #expect(ProjectKey(text) == nil)
    }
}
