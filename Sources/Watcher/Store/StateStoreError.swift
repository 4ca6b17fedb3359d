import Foundation

/// Why the state store refused or failed an operation.
///
/// Every case names the file or record concerned, never a secret; a failed write has changed nothing (its
/// transaction was rolled back).
enum StateStoreError: Error, Sendable, Hashable {
    // MARK: Opening
    /// The state directory does not exist and could not be created (or the path's parent is not a directory).
    case cannotCreateDirectory(path: String, reason: String)
    /// glwatch cannot write the state file (or its lock file) at `path`.
    case notWritable(path: String, reason: String)
    /// The file exists but is not an SQLite database.
    case notADatabase(path: String)
    /// The file is an SQLite database, but not one of glwatch's.
    case notAGlwatchDatabase(path: String)
    /// The database was written by a newer glwatch (its schema has migrations this version does not know). It
    /// was left untouched.
    case newerSchema(path: String, unknownMigrations: [String])
    /// A read-only open found a database that still needs migrating (start the watcher once to migrate it).
    case schemaNeedsMigration(path: String, pendingMigrations: [String])
    /// A read-only open found no database at `path`.
    case notFound(path: String)
    /// Another glwatch holds the state's single-writer lock.
    case alreadyInUse(path: String, lockPath: String, pid: Int32?)

    // MARK: PostgreSQL
    /// The PostgreSQL URL is malformed; the reason never repeats the URL (it may hold a password).
    case invalidDatabaseURL(reason: String)
    /// The PostgreSQL server at `location` (`user@host:port/database`, no password) cannot be reached.
    case databaseUnreachable(location: String, reason: String)
    /// The PostgreSQL server at `location` refused the role's credentials.
    case authenticationFailed(location: String)
    /// A change carried a project fence (`ProjectFence`) that no longer holds: another replica claimed the project
    /// after this one's lease expired. Nothing was written; this replica drops the project.
    case leaseLost(project: ProjectKey)
    /// A delivery attempt was recorded by a replica that no longer holds the delivery's claim (it expired and
    /// another replica claimed it). Nothing was written.
    case deliveryClaimLost(id: Int64)
    /// Any other PostgreSQL failure, with its SQLSTATE code.
    case postgres(location: String, sqlState: String, message: String)

    // MARK: Reading and writing
    /// SQLite stayed locked by another connection for longer than the busy timeout.
    case busy(path: String)
    /// The disk (or the database's size limit) is full; the write was rolled back.
    case diskFull(path: String)
    /// SQLite found the database file damaged.
    case corrupt(path: String, message: String)
    /// A write was attempted through a read-only store.
    case readOnly(path: String)
    /// Any other SQLite failure.
    case sqlite(path: String, code: Int32, message: String)

    // MARK: Bad requests
    /// A change referred to a project that is neither stored nor upserted by the same change.
    case unknownProject(ProjectKey)
    /// No delivery has this id (it may have been pruned).
    case unknownDelivery(Int64)
    /// The delivery is not waiting (it was delivered or is a dead letter), so an attempt cannot be recorded.
    case deliveryNotWaiting(id: Int64, state: DeliveryState)
    /// The delivery is not a dead letter, so it cannot be re-queued.
    case notADeadLetter(id: Int64, state: DeliveryState)
    /// No stored event has this id (it may have been pruned).
    case unknownEvent(String)
    /// A sink name is not a plain name (the store keeps sink names only, never URLs or tokens).
    case invalidSinkName(String)
    /// A change is malformed (e.g. a SHA that is not hexadecimal, an empty branch name).
    case invalidChange(String)
}

extension StateStoreError: CustomStringConvertible, LocalizedError {
    /// A one-line message for people: what went wrong, where, and what to do about it.
    var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            return "cannot create the state directory \(path): \(reason)"
        case .notWritable(let path, let reason):
            return "cannot write glwatch state at \(path): \(reason)"
        case .notADatabase(let path):
            return "\(path) is not an SQLite database; glwatch left it untouched (choose another state path)"
        case .notAGlwatchDatabase(let path):
            return
                "\(path) is an SQLite database of another application; glwatch left it untouched "
                + "(choose another state path)"
        case .newerSchema(let path, let unknown):
            return
                "\(path) was written by a newer glwatch (unknown migrations: \(unknown.joined(separator: ", "))); "
                + "it was left untouched — upgrade glwatch to use it"
        case .schemaNeedsMigration(let path, let pending):
            return
                "\(path) needs migrating (\(pending.joined(separator: ", "))); start the glwatch watcher once to "
                + "migrate it"
        case .notFound(let path):
            return "no glwatch state at \(path)"
        case .alreadyInUse(let path, let lockPath, let pid):
            let owner = pid.map { "glwatch (pid \($0))" } ?? "glwatch"
            return
                "glwatch state \(path) is in use by another \(owner): stop it first, or give this one another "
                + "state path (lock: \(lockPath))"
        case .invalidDatabaseURL(let reason):
            return "invalid PostgreSQL URL: \(reason)"
        case .databaseUnreachable(let location, let reason):
            return "cannot reach the PostgreSQL state database \(location): \(reason)"
        case .authenticationFailed(let location):
            return
                "the PostgreSQL server refused the login to \(location): check the user and password of the "
                + "database URL"
        case .leaseLost(let project):
            return
                "the lease of project \(project) passed to another replica; this poll's outcome was not written "
                + "(the project is dropped here)"
        case .deliveryClaimLost(let id):
            return "the claim on delivery \(id) passed to another replica; this attempt was not recorded"
        case .postgres(let location, let sqlState, let message):
            return "PostgreSQL error \(sqlState) on glwatch state \(location): \(message)"
        case .busy(let path):
            return "glwatch state \(path) stayed locked by another connection beyond the busy timeout"
        case .diskFull(let path):
            return "disk full while writing glwatch state \(path); nothing was written — free space and retry"
        case .corrupt(let path, let message):
            return "glwatch state \(path) is damaged (\(message)); restore it from a backup or start afresh"
        case .readOnly(let path):
            return "glwatch state \(path) was opened read-only"
        case .sqlite(let path, let code, let message):
            return "SQLite error \(code) on glwatch state \(path): \(message)"
        case .unknownProject(let key):
            return
                "unknown project \(key): record it in the change (projects) before its heads, contributors or commits"
        case .unknownDelivery(let id):
            return "no delivery \(id) in the state store"
        case .deliveryNotWaiting(let id, let state):
            return "delivery \(id) is \(state.rawValue), not waiting for an attempt"
        case .notADeadLetter(let id, let state):
            return "delivery \(id) is \(state.rawValue), not a dead letter"
        case .unknownEvent(let id):
            return "no event \(id) in the state store (it may have been pruned)"
        case .invalidSinkName(let name):
            return
                "invalid sink name \(name): sink names are plain names ([A-Za-z0-9_.-], at most 64 characters); "
                + "the state store never keeps sink URLs or tokens"
        case .invalidChange(let reason):
            return "invalid state change: \(reason)"
        }
    }

    /// Same as `description`, for Foundation's error reporting.
    var errorDescription: String? { description }
}
