import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The state's single-writer lock: an exclusive `flock` on a file beside the database, holding the owner's pid.
///
/// SQLite's own locks only serialise transactions; they would let two watchers run side by side on one state
/// and send everything twice. `flock` is released by the kernel when the owner exits, however it exits
/// (SIGKILL included), so a crash never leaves a stale lock behind; the pid written into the file only makes
/// the refusal message useful.
final class StoreFileLock: Sendable {
    /// The lock file's path.
    let path: String
    private let descriptor: Mutex<Int32?>

    /// Takes the lock, creating the lock file (mode 0600) if needed.
    ///
    /// - Throws: `StateStoreError.alreadyInUse` when another process (or another store in this process) holds it;
    ///   `StateStoreError.notWritable` when the lock file cannot be created or opened.
    init(path: String, databasePath: String) throws {
        self.path = path
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            throw StateStoreError.notWritable(path: path, reason: String(cString: strerror(errno)))
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let lockErrno = errno
            let holder = Self.readPID(fd)
            close(fd)
            if lockErrno == EWOULDBLOCK {
                throw StateStoreError.alreadyInUse(path: databasePath, lockPath: path, pid: holder)
            }
            throw StateStoreError.notWritable(path: path, reason: String(cString: strerror(lockErrno)))
        }
        let pid = "\(getpid())\n"
        _ = ftruncate(fd, 0)
        _ = pid.withCString { pwrite(fd, $0, strlen($0), 0) }
        descriptor = Mutex(fd)
    }

    /// Releases the lock (idempotent); the lock file stays, keeping its mode for the next owner.
    func unlock() {
        descriptor.withLock { fd in
            guard let open = fd else { return }
            close(open)  // closing the descriptor releases the flock
            fd = nil
        }
    }

    deinit {
        unlock()
    }

    /// The pid recorded in a lock file, if it holds one.
    private static func readPID(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
