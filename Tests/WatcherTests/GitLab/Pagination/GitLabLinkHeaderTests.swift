import Foundation
import Testing

@testable import Watcher

@Suite struct GitLabLinkHeaderTests {
    private let offset = """
        <https://gitlab.example.com/api/v4/projects/8/issues/8/notes?page=1&per_page=3>; rel="prev", \
        <https://gitlab.example.com/api/v4/projects/8/issues/8/notes?page=3&per_page=3>; rel="next", \
        <https://gitlab.example.com/api/v4/projects/8/issues/8/notes?page=1&per_page=3>; rel="first", \
        <https://gitlab.example.com/api/v4/projects/8/issues/8/notes?page=3&per_page=3>; rel="last"
        """

    @Test func testNext_inGitLabsOffsetExample() {
        let next = GitLabLinkHeader.url(in: offset, relation: "next")

        #expect(next?.absoluteString == "https://gitlab.example.com/api/v4/projects/8/issues/8/notes?page=3&per_page=3")
    }

    @Test func testNext_keysetLinkWithCommasInTheQuery() {
        let header = #"<https://gitlab.example.com/api/v4/projects?order_by=id,name&id_after=42>; rel="next""#

        #expect(GitLabLinkHeader.url(in: header, relation: "next")?.query == "order_by=id,name&id_after=42")
    }

    @Test func testMissingRelation_isNil() {
        #expect(GitLabLinkHeader.url(in: #"<https://x/a>; rel="first""#, relation: "next") == nil)
        #expect(GitLabLinkHeader.url(in: "", relation: "next") == nil)
    }
}
