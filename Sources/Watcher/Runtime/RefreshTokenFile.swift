import Foundation
import Logging
import Notifier
import RxCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The file of an instance's OAuth refresh token: GitLab invalidates a refresh token once it is used, so every
/// renewed one is written back at once — atomically (a new file renamed over the old) and readable by its owner
/// only (0600) — or the next start would be locked out.
struct RefreshTokenFile: Sendable {
    /// The file.
    let path: String

    /// Writes `token` (with a newline) in place of the file's contents.
    ///
    /// - throws: `CLIError` naming the file (never the token) when it cannot be written.
    func write(_ token: GitLabSecret) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (directory.isEmpty ? "." : directory) + "/.\(name).\(getpid()).tmp"
        let bytes = Array((token.exposedValue + "\n").utf8)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create \(temporary)") }
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw failure("cannot replace it")
        }
    }

    /// Writes every renewed refresh token `client` publishes (not the one it started with) until disposed;
    /// a failure is logged as an error naming the file.
    func follow(_ client: GitLabClient, instance: String, logger: Logger) -> any Disposable {
        let started = Mutex<String?>(nil)
        return client.oauthToken.subscribe(onNext: { token in
            guard let refresh = token?.refreshToken else { return }
            let isFirst = started.withLock { first -> Bool in
                defer { if first == nil { first = refresh.exposedValue } }
                return first == nil || first == refresh.exposedValue
            }
            guard !isFirst else { return }
            do {
                try write(refresh)
                logger.info(
                    "OAuth refresh token rotated and saved",
                    metadata: ["instance": "\(instance)", "file": "\(path)"]
                )
            } catch {
                logger.error(
                    "cannot save the rotated OAuth refresh token: the next start cannot sign in",
                    metadata: ["instance": "\(instance)", "error": "\(error)"]
                )
            }
        })
    }

    private func failure(_ what: String) -> CLIError {
        CLIError("OAuth refresh token file \"\(path)\": \(what) (\(String(cString: strerror(errno))))")
    }
}
