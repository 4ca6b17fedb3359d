import Testing

@testable import Watcher

@Suite struct GitLabPercentEncodingTests {
    @Test func testEncode_projectPathSlashesAndDatePlusSigns() {
        #expect(GitLabPercentEncoding.encode("group/sub/proj") == "group%2Fsub%2Fproj")
        #expect(GitLabPercentEncoding.encode("2024-01-01T10:00:00+02:00") == "2024-01-01T10%3A00%3A00%2B02%3A00")
        #expect(GitLabPercentEncoding.encode("feature/ünïcode branch") == "feature%2F%C3%BCn%C3%AFcode%20branch")
        #expect(GitLabPercentEncoding.encode("a..b~1_x-y") == "a..b~1_x-y")
    }

    @Test func testQuery_encodesNamesAndValues() {
        let query = GitLabPercentEncoding.query([
            GitLabQueryItem("refs[]", "main"), GitLabQueryItem("ref_name", "a..b"),
        ])

        #expect(query == "refs%5B%5D=main&ref_name=a..b")
    }
}
