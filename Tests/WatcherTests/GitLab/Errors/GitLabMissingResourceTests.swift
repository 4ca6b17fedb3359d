import Testing

@testable import Watcher

@Suite struct GitLabMissingResourceTests {
    @Test(arguments: [
        ("404 Project Not Found", GitLabMissingResource.project),
        ("404 Group Not Found", .group),
        ("404 User Not Found", .user),
        ("404 Branch Not Found", .branch),
        ("404 Commit Not Found", .commit),
        ("404 Repository Not Found", .repository),
        ("404 Merge Base Not Found", .other("Merge Base")),
        ("404 Ref Not Found", .other("Ref")),
        ("404 Not Found", .unnamed),
        ("Project Not Found", .project),
        ("ref_name is invalid", .unnamed),
    ])
    func testInit_readsGitLabsMessage(message: String, expected: GitLabMissingResource) {
        #expect(GitLabMissingResource(message: message) == expected)
    }

    @Test func testInit_noMessage_isUnnamed() {
        #expect(GitLabMissingResource(message: nil) == .unnamed)
    }
}
