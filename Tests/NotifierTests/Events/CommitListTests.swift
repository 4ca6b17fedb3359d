import Foundation
import Notifier
import Testing

@Suite struct CommitListTests {
    @Test func testHugePush_keepsTheFirstAndLastNAndTheTotal() throws {
        // Given a 2,500-commit push and N = 100
        let all = (1...2_500).map { Fixtures.commit($0) }
        // When it is put in an event
        let list = CommitList(keepingEnds: all, limit: 100)
        // Then the first and last 100 are kept, in order, and the gap is recorded
        #expect(list.commits.count == 200)
        #expect(list.totalCount == 2_500)
        #expect(list.omittedCount == 2_300)
        #expect(list.isTruncated)
        #expect(list.gapIndex == 100)
        #expect(list.head.map(\.id) == all.prefix(100).map(\.id))
        #expect(list.tail.map(\.id) == all.suffix(100).map(\.id))
        let json = try JSONSerialization.jsonObject(with: try EventJSON.encoder().encode(list)) as! [String: Any]
        #expect(json["total_commits"] as? Int == 2_500)
        #expect(json["omitted_commits"] as? Int == 2_300)
        #expect(json["omitted_after"] as? Int == 100)
        #expect(try EventJSON.decoder().decode(CommitList.self, from: try EventJSON.encoder().encode(list)) == list)
    }

    @Test(arguments: [1, 100, 150, 200])
    func testPushOfAtMostTwoN_keepsEveryCommit(count: Int) {
        let all = (1...count).map { Fixtures.commit($0) }
        let list = CommitList(keepingEnds: all, limit: 100)
        #expect(list.commits == all)
        #expect(!list.isTruncated)
        #expect(list.gapIndex == nil)
        #expect(list.tail.isEmpty)
    }
}
