import FakeGitLab
import Foundation
import Testing

@testable import Watcher

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct OnceCommandTests {
    @Test(.timeLimit(.minutes(5)))
    func testDryRun_unreachableGitLab_failsFastNamingTheHost() async throws {
        // Given a config whose GitLab is a closed port on 127.0.0.1
        let port = try Self.closedPort()
        let harness = CLITestHarness()
        let config = try Self.config(gitLabURL: "http://127.0.0.1:\(port)", statePath: harness.statePath)
        let command = try OnceCommand.parse(["--dry-run"])

        // When it runs once
        let error = await #expect(throws: CLIError.self) {
            _ = try await command.execute(config: config, in: harness.context)
        }

        // Then the message says which host could not be reached (that one attempt decides it, not 5 retries per
        // project as `run` would make, is counted below on a GitLab that drops every connection)
        let message = try #require(error?.description)
        #expect(message.hasPrefix("cannot reach GitLab instance local at http://127.0.0.1:\(port): "))
        #expect(message.hasSuffix("; nothing was polled"))
        #expect(error?.exitStatus == 2)  // a GitLab failure, like a failed poll; not a config error (1)
    }

    @Test(.timeLimit(.minutes(5)))
    func testDryRun_gitLabDroppingEveryConnection_isAskedOnce_andNothingIsPolled() async throws {
        // Given a config whose GitLab accepts connections and drops every one
        let fake = FakeGitLab()
        fake.addProject("acme/api")
        try await fake.start()
        defer { Task { await fake.stop() } }
        fake.inject(FakeFault(.dropConnection, on: .any, times: 1_000))
        let harness = CLITestHarness()
        let config = try Self.config(gitLabURL: fake.baseURL.absoluteString, statePath: harness.statePath)

        // When it runs once
        let error = await #expect(throws: CLIError.self) {
            _ = try await OnceCommand.parse(["--dry-run"]).execute(config: config, in: harness.context)
        }

        // Then one request decided it (the reachability probe, not retried), no project was asked for, and the
        // message names the host
        #expect(fake.requestCount() == 1)
        #expect(fake.requestCount(matching: .pathContaining("/projects")) == 0)
        #expect(error?.description.hasPrefix("cannot reach GitLab instance local at \(fake.baseURL.absoluteString)") == true)
        #expect(error?.exitStatus == 2)
    }

    /// A config watching `acme/api` on the GitLab at `gitLabURL` (a 2 s timeout), printing to stdout.
    static func config(gitLabURL: String, statePath: String) throws -> GLWatchConfig {
        try FakeConfigSystem().load(
            """
            gitlab:
              local:
                url: \(gitLabURL)
                timeout: 2s
            watch:
              - project: acme/api
            sinks:
              terminal:
                type: stdout
            rules:
              - name: everything
                notify: [terminal]
            state:
              path: \(statePath)
            """
        )
    }

    /// A loopback port nothing listens on: bound, then closed.
    static func closedPort() throws -> UInt16 {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw CLIError("socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw CLIError("bind() failed") }
        return UInt16(bigEndian: address.sin_port)
    }
}
