import Foundation
import Testing

@testable import Watcher

@Suite("CommitSHA")
struct CommitSHATests {
    @Test func testBytes_sha1AndSha256_roundTripLowercased() throws {
        let sha1 = "0123456789ABCDEFabcdef0123456789abcdef01"
        let bytes = try #require(CommitSHA.bytes(fromHex: sha1))
        #expect(bytes.count == 20)
        #expect(CommitSHA.hex(fromBytes: bytes) == sha1.lowercased())
        #expect(CommitSHA.bytes(fromHex: String(repeating: "f", count: 64))?.count == 32)
    }

    @Test(arguments: ["", "abc", String(repeating: "g", count: 40), String(repeating: "a", count: 41), "héllo"])
    func testBytes_notAHexSHA_isNil(text: String) {
        #expect(CommitSHA.bytes(fromHex: text) == nil)
        #expect(!CommitSHA.isValid(text))
    }
}
