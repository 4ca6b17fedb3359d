import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The state's files on disk — directory, database, lock — and the checks made before SQLite touches them.
///
/// Everything here happens before the database is opened, so a refusal (not writable, not SQLite) leaves the
/// file exactly as it was: SQLite never gets the chance to create a `-wal` beside someone else's file.
struct StoreFiles: Sendable {
    /// The database file's absolute path.
    let path: String

    /// The single-writer lock file beside the database.
    var lockPath: String { path + ".lock" }

    /// The directory holding the database.
    var directory: String { (path as NSString).deletingLastPathComponent }

    /// The first 16 bytes of every SQLite 3 database file.
    static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// Creates the directory (mode 0700, with missing parents) unless it exists.
    func prepareDirectory() throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw StateStoreError.cannotCreateDirectory(path: directory, reason: "a file of that name exists")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: directory,
                withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700]
            )
        } catch {
            throw StateStoreError.cannotCreateDirectory(path: directory, reason: Self.reason(error))
        }
    }

    /// Creates an empty database file with mode 0600 (SQLite would use 0644), or checks the existing one and
    /// tightens its mode (and its `-wal`/`-shm` files') to owner-only.
    func prepareDatabaseFile() throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd >= 0 {
            close(fd)
            return
        }
        guard errno == EEXIST else {
            throw StateStoreError.notWritable(path: path, reason: String(cString: strerror(errno)))
        }
        try checkExistingDatabaseFile()
        guard access(path, W_OK) == 0 else {
            throw StateStoreError.notWritable(path: path, reason: String(cString: strerror(errno)))
        }
        for file in [path, path + "-wal", path + "-shm"] {
            var info = stat()
            if stat(file, &info) == 0, info.st_uid == geteuid(), info.st_mode & 0o077 != 0 {
                _ = chmod(file, 0o600)
            }
        }
    }

    /// Checks that the file exists, is a regular file, and is empty or starts like an SQLite database.
    func checkExistingDatabaseFile() throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { throw StateStoreError.notFound(path: path) }
            throw StateStoreError.notWritable(path: path, reason: String(cString: strerror(errno)))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw StateStoreError.notWritable(path: path, reason: "not a regular file")
        }
        guard info.st_size > 0 else { return }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw StateStoreError.notWritable(path: path, reason: "cannot read it")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: Self.sqliteHeader.count)) ?? Data()
        guard Array(header) == Self.sqliteHeader else {
            throw StateStoreError.notADatabase(path: path)
        }
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
