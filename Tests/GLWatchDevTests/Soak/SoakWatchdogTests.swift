import Foundation
import Synchronization
import Testing

@testable import GLWatchDev

/// The soak's watchdog: past the time limit it says where the soak stood; disarmed in time, it says nothing.
@Suite struct SoakWatchdogTests {
    private final class Fired: Sendable {
        let message = Mutex<String?>(nil)
    }

    private func log(_ lines: [String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("soak-log-\(UUID().uuidString)")
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func testWatchdog_pastTheLimit_saysWhatTheSoakSaidLastAndTheLogsEnd() async throws {
        // Given a soak that said it was draining, and a log of 50 lines
        let url = try log((1...50).map { "line \($0)" })
        defer { try? FileManager.default.removeItem(at: url) }
        let fired = Fired()
        let watchdog = SoakWatchdog(limit: .milliseconds(100), log: url) { message in
            fired.message.withLock { $0 = message }
        }
        watchdog.said("soak: changes over after 50.1 s; draining")

        // When the limit passes without a disarm
        var message: String?
        for _ in 0..<500 where message == nil {
            try await Task.sleep(for: .milliseconds(10))
            message = fired.message.withLock { $0 }
        }

        // Then it says so, with the last progress line and the log's last 40 lines
        let said = try #require(message)
        #expect(said.contains("still running after its time limit"))
        #expect(said.contains("it last said: soak: changes over after 50.1 s; draining"))
        #expect(said.contains("line 11\n") && said.hasSuffix("line 50"))
        #expect(!said.contains("line 10\n"))
    }

    @Test func testWatchdog_disarmedInTime_neverFires() async throws {
        let url = try log(["line"])
        defer { try? FileManager.default.removeItem(at: url) }
        let fired = Fired()
        let watchdog = SoakWatchdog(limit: .milliseconds(300), log: url) { message in
            fired.message.withLock { $0 = message }
        }

        watchdog.disarm()

        // Once its limit has passed and it has made up its mind (waited for, however slow the machine), it has
        // said nothing
        for _ in 0..<6_000 where !watchdog.hasDecided {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(watchdog.hasDecided)
        #expect(fired.message.withLock { $0 } == nil)
    }
}
