import Foundation
import Testing

@testable import Watcher

#if canImport(Glibc)
import Glibc
#endif

@Suite("StoreFileLock")
struct StoreFileLockTests {
    let directory = TemporaryDirectory()

    @Test func testLock_heldThenReleased_recordsThePidAndCanBeRetaken() throws {
        let path = directory.file("state.db.lock")
        let lock = try StoreFileLock(path: path, databasePath: directory.file("state.db"))
        #expect(
            String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) == "\(getpid())\n"
        )

        #expect(throws: StateStoreError.alreadyInUse(path: directory.file("state.db"), lockPath: path, pid: getpid())) {
            try StoreFileLock(path: path, databasePath: directory.file("state.db"))
        }

        lock.unlock()
        lock.unlock()  // idempotent
        let again = try StoreFileLock(path: path, databasePath: directory.file("state.db"))
        again.unlock()
    }

    @Test func testLock_releasedWhenTheOwnerIsDeallocated() throws {
        let path = directory.file("state.db.lock")
        do {
            _ = try StoreFileLock(path: path, databasePath: directory.file("state.db"))
        }
        let again = try StoreFileLock(path: path, databasePath: directory.file("state.db"))
        again.unlock()
    }
}
