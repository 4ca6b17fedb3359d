import ArgumentParser
import Testing

@testable import GLWatchDev

@Suite("glwatch-dev bench feed's options")
struct FeedBenchCommandTests {
    @Test("--busy-share sets the busy fleet's share, 10 % unless given")
    func testBusyShare_parsed_withTheIssuesDefault() throws {
        #expect(try FeedBenchCommand.parse([]).busyShare == 0.1)
        #expect(try FeedBenchCommand.parse(["--busy-share", "0.04"]).busyShare == 0.04)
    }

    @Test("--busy-share outside (0, 1] is refused, naming the option", arguments: ["0", "-0.1", "1.5"])
    func testBusyShare_outOfRange_isRefused(_ value: String) {
        #expect {
            _ = try FeedBenchCommand.parse(["--busy-share=\(value)"])
        } throws: { error in
            FeedBenchCommand.message(for: error).contains("--busy-share must be above 0 and at most 1")
        }
    }

    @Test("the busy fleet is every n-th project, n the share's inverse rounded")
    func testStride_ofAShare() {
        #expect(FeedBenchWorkload.stride(busyShare: 0.1) == 10)
        #expect(FeedBenchWorkload.stride(busyShare: 0.04) == 25)
        #expect(FeedBenchWorkload.stride(busyShare: 0.3) == 3)
        #expect(FeedBenchWorkload.stride(busyShare: 1) == 1)
    }
}
