import ChildProcess
import Foundation
import Testing

/// The ports test servers restart on lie below the kernel's ephemeral range, where no client connection takes them.
@Suite struct LoopbackPortTests {
    @Test func testEphemeralRange_readsTheKernelsFile_andFallsBackToLinuxsDefault() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("ip_local_port_range")

        try "40000\t50000\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(LoopbackPort.ephemeralRange(from: file.path) == 40000...50000)
        try "garbage\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(LoopbackPort.ephemeralRange(from: file.path) == 32768...60999)
        #expect(LoopbackPort.ephemeralRange(from: directory.appendingPathComponent("missing").path) == 32768...60999)
    }

    @Test func testCandidates_areTheTenThousandPortsBelowTheRange_neverBelow1024() {
        #expect(LoopbackPort.candidates(below: 32768...60999) == 22768..<32768)
        #expect(LoopbackPort.candidates(below: 5000...60999) == 1024..<5000)
        #expect(LoopbackPort.candidates(below: 80...60999) == 1024..<1025)
    }

    @Test func testOutsideEphemeralRange_isFreeAndBelowTheRange() throws {
        let range = LoopbackPort.ephemeralRange()
        for _ in 0..<20 {
            let port = try LoopbackPort.outsideEphemeralRange()
            #expect(LoopbackPort.candidates(below: range).contains(port))
            #expect(!range.contains(port))
            #expect(LoopbackPort.isFree(port))
        }
    }
}
