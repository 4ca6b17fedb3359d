import Foundation
import Testing

@testable import GLWatchDev

#if canImport(Glibc)
import Glibc
#endif

/// The soak's children stop on SIGTERM within a limit, or are killed and said to be overdue: a child that ignores
/// SIGTERM must fail the soak by name, not hold it up until whoever waits for it gives up.
@Suite struct SoakChildTests {
    private func child(_ script: String) throws -> SoakChild {
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/null"))
        return try SoakChild(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script],
            environment: ["PATH": "/usr/bin:/bin"], log: log
        )
    }

    @Test func testStop_childIgnoringSIGTERM_isKilledAtTheLimitAndOverdue() async throws {
        // Given a shell that ignores SIGTERM (it says so by creating a file once its trap is set)
        let ready = FileManager.default.temporaryDirectory.appendingPathComponent("soak-child-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: ready) }
        let stubborn = try child("trap '' TERM; : > '\(ready.path)'; while :; do sleep 1; done")
        while !FileManager.default.fileExists(atPath: ready.path) { try await Task.sleep(for: .milliseconds(20)) }

        // When it is sent SIGTERM and given 1.5 s
        stubborn.send(SIGTERM)

        let exit = await stubborn.waitForExit(within: .milliseconds(1_500))

        // Then it is killed at the limit, and said to be overdue
        #expect(exit.overdue)
        #expect(exit.signaled && exit.status == SIGKILL)
    }

    @Test func testStop_childStoppingOnSIGTERM_isNotOverdue() async throws {
        let obliging = try child("exec sleep 30")
        obliging.send(SIGTERM)

        let exit = await obliging.waitForExit(within: .seconds(20))

        #expect(!exit.overdue)
        #expect(exit.signaled && exit.status == SIGTERM)
    }
}
