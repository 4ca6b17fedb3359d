import Testing

@testable import Watcher

@Suite struct GitLabRefTests {
    @Test func testDescription_namesTheKind() {
        #expect(GitLabProjectRef.id(42).description == "project 42")
        #expect(("acme/api" as GitLabProjectRef).description == "project acme/api")
        #expect((7 as GitLabGroupRef).description == "group 7")
        #expect(GitLabGroupRef.path("acme/backend").description == "group acme/backend")
        #expect(GitLabUserRef.username("alice").description == "user alice")
        #expect((3 as GitLabUserRef).description == "user 3")
    }

    @Test func testPathComponent_encodesSlashes_keepsIds() {
        #expect(GitLabProjectRef.path("acme/api").pathComponent == "acme%2Fapi")
        #expect(GitLabGroupRef.id(7).pathComponent == "7")
        #expect(GitLabUserRef.username("alice").pathComponent == "alice")
    }

    @Test func testUsername_isThePathCase_soLiteralsAndUsernamesAreEqual() {
        #expect(GitLabUserRef.username("alice") == "alice")
        #expect(GitLabUserRef.username("alice") == .path("alice"))
    }
}
