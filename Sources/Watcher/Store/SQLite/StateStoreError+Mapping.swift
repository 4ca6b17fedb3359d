import GRDB

extension StateStoreError {
    /// Translates an error from GRDB/SQLite into a `StateStoreError` naming the database file; other errors
    /// (our own, `CancellationError`) pass through unchanged.
    static func mapping(_ error: any Error, path: String) -> any Error {
        guard let error = error as? DatabaseError else { return error }
        let message = error.message ?? "\(error.extendedResultCode)"
        switch error.resultCode {
        case .SQLITE_FULL:
            return StateStoreError.diskFull(path: path)
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return StateStoreError.busy(path: path)
        case .SQLITE_NOTADB:
            return StateStoreError.notADatabase(path: path)
        case .SQLITE_CORRUPT:
            return StateStoreError.corrupt(path: path, message: message)
        case .SQLITE_READONLY:
            return StateStoreError.readOnly(path: path)
        case .SQLITE_CANTOPEN, .SQLITE_PERM:
            return StateStoreError.notWritable(path: path, reason: message)
        default:
            return StateStoreError.sqlite(path: path, code: error.extendedResultCode.rawValue, message: message)
        }
    }
}
