import Foundation
import Logging
import Notifier
import Synchronization
import Testing

@testable import Watcher

/// A token file re-read while glwatch runs: paced, forced by a 401, trimmed, and never logged.
@Suite struct TokenFileCredentialsTests {
    static let path = "/run/secrets/gitlab_token"

    /// A file system whose one file the test rewrites (or removes) while the source reads it.
    final class RotatingFile: ConfigEnvironment {
        let contents = Mutex<String?>("glpat-OLD-0000\n")
        let reads = Mutex(0)

        func variable(named name: String) -> String? { nil }

        func contentsOfFile(atPath path: String) throws -> String {
            reads.withLock { $0 += 1 }
            guard path == TokenFileCredentialsTests.path, let text = contents.withLock({ $0 }) else {
                throw CocoaError(.fileReadNoPermission)
            }
            return text
        }
    }

    /// A clock the test moves.
    final class Clock: Sendable {
        let seconds = Mutex(0.0)
        var now: @Sendable () -> Date { { Date(timeIntervalSince1970: self.seconds.withLock { $0 }) } }
    }

    private func source(
        _ file: RotatingFile, clock: Clock, lines: CapturingLogHandler.Lines = .init()
    ) -> TokenFileCredentials {
        TokenFileCredentials(
            path: Self.path, kind: .private, current: GitLabSecret("glpat-OLD-0000"), environment: file,
            now: clock.now, interval: 10, logger: CapturingLogHandler.logger(lines)
        )
    }

    private func token(_ auth: GitLabAuth?) -> String? {
        guard case .privateToken(let secret) = auth else { return nil }
        return secret.exposedValue
    }

    @Test func testChangedAuth_rotatedFile_isPickedUpOnceDue_trimmed() {
        // Given a source that read the file at 0
        let file = RotatingFile()
        let clock = Clock()
        let source = source(file, clock: clock)

        // When the file is rotated (with a trailing newline and spaces)
        file.contents.withLock { $0 = "  glpat-NEW-1111 \n" }

        // Then it is not read again before 10 s, then the new token is used once, trimmed
        clock.seconds.withLock { $0 = 9 }
        #expect(source.changedAuth(rejected: false) == nil)
        #expect(file.reads.withLock { $0 } == 0)
        clock.seconds.withLock { $0 = 10 }
        #expect(token(source.changedAuth(rejected: false)) == "glpat-NEW-1111")
        clock.seconds.withLock { $0 = 20 }
        #expect(source.changedAuth(rejected: false) == nil)
    }

    @Test func testChangedAuth_afterA401_readsAtOnce() {
        let file = RotatingFile()
        let clock = Clock()
        let source = source(file, clock: clock)
        file.contents.withLock { $0 = "glpat-NEW-1111" }

        #expect(token(source.changedAuth(rejected: true)) == "glpat-NEW-1111")
        #expect(source.changedAuth(rejected: true) == nil)
        #expect(file.reads.withLock { $0 } == 2)
    }

    @Test func testChangedAuth_emptyOrUnreadableFile_keepsTheToken_andLogsTheFileOnceNeverTheToken() {
        let file = RotatingFile()
        let lines = CapturingLogHandler.Lines()
        let source = source(file, clock: Clock(), lines: lines)

        file.contents.withLock { $0 = " \n" }
        #expect(source.changedAuth(rejected: true) == nil)
        #expect(source.changedAuth(rejected: true) == nil)
        file.contents.withLock { $0 = nil }
        #expect(source.changedAuth(rejected: true) == nil)
        file.contents.withLock { $0 = "glpat-NEW-1111" }
        #expect(token(source.changedAuth(rejected: true)) == "glpat-NEW-1111")

        let logged = lines.all
        #expect(
            logged.filter { $0.hasPrefix("error") } == [
                "error GitLab token file is empty; the token in use stays file=\(Self.path) rejected=true",
                "error GitLab token file cannot be read; the token in use stays file=\(Self.path) rejected=true",
            ]
        )
        #expect(logged.contains("notice GitLab token file changed: using its new token file=\(Self.path)"))
        #expect(!logged.joined().contains("glpat-"))
    }

    @Test func testChangedAuth_aLineBreakInsideTheToken_keepsTheToken_andLogsTheFileNeverTheToken() {
        let file = RotatingFile()
        let lines = CapturingLogHandler.Lines()
        let source = source(file, clock: Clock(), lines: lines)

        file.contents.withLock { $0 = "glpat-NEW\r\n1111\n" }
        #expect(source.changedAuth(rejected: true) == nil)

        #expect(
            lines.all.filter { $0.hasPrefix("error") } == [
                "error GitLab token file has a control character (a line break?) inside the token; the token in use "
                    + "stays file=\(Self.path) rejected=true"
            ]
        )
        #expect(!lines.all.joined().contains("glpat-"))
    }
}

