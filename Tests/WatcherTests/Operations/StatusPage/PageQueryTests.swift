import Testing

@testable import Watcher

@Suite("PageQuery: query strings as browsers send them")
struct PageQueryTests {
    @Test func testValues_decodePercentAndPlus_repeatAndTrim() {
        let query = PageQuery("q=acme+api&type=commits.new&type=branch.created&project=a%2Fb&empty=&sort=%20path%20")

        #expect(query.value("q") == "acme api")
        #expect(query.values("type") == ["commits.new", "branch.created"])
        #expect(query.value("project") == "a/b")
        #expect(query.value("empty") == nil)
        #expect(query.value("sort") == "path")
        #expect(query.value("missing") == nil)
    }

    @Test func testLimitAndOffset_validated() throws {
        #expect(try PageQuery(nil).limit(default: 50) == 50)
        #expect(try PageQuery("limit=500&offset=20").limit(default: 50) == 500)
        #expect(try PageQuery("offset=20").offset() == 20)
        #expect(throws: StatusAPIError.badRequest("limit must be a whole number from 1 to 500")) {
            try PageQuery("limit=0").limit(default: 50)
        }
        #expect(throws: StatusAPIError.badRequest("offset must be a whole number, 0 or more")) {
            try PageQuery("offset=x").offset()
        }
    }
}
