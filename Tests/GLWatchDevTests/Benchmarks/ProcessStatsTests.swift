import Testing

@testable import GLWatchDev
@testable import Watcher

@Suite("ProcessStats")
struct ProcessStatsTests {
    @Test("resident memory is read from /proc/self/status, the peak never below the current")
    func testResidentMemory() throws {
        let before = try #require(ProcessStats.residentMemory())
        let buffer = [UInt8](repeating: 1, count: 64 << 20)  // 64 MiB, touched
        let after = try #require(ProcessStats.residentMemory())
        #expect(buffer.reduce(0) { $0 &+ Int($1) } == 64 << 20)
        #expect(before.current > 1 << 20)
        #expect(after.peak >= after.current)
        #expect(after.peak >= before.current + (32 << 20))
    }

    @Test("CPU time grows with work")
    func testCPUTime() {
        let start = ProcessStats.cpuTime()
        var x: UInt64 = 1
        for i in 0..<5_000_000 { x = x &* 6_364_136_223_846_793_005 &+ UInt64(i) }
        #expect(x != 0)
        #expect(ProcessStats.cpuTime() > start)
    }
}
