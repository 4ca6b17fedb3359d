import Foundation

@testable import Watcher

extension SQLiteStateStore {
    /// Opens the store at `path` read-write (taking the single-writer lock, as `glwatch run` does), where this test
    /// process closed a store on the same file just before.
    ///
    /// Swift Testing runs tests side by side, and another test may be spawning a child just as the previous store
    /// closes its lock: between the child's `clone` and its `exec` it holds a copy of every descriptor, the lock
    /// file's included (`O_CLOEXEC` closes it only at `exec`), and the `flock` with it. Under load that window lasts
    /// a while. So a refusal that names this very process is retried for up to 10 s; any other refusal is not.
    static func reopenForTest(path: String) throws -> SQLiteStateStore {
        let deadline = Date().addingTimeInterval(10)
        while true {
            do {
                return try SQLiteStateStore(StoreConfiguration(path: path))
            } catch StateStoreError.alreadyInUse(_, _, let pid) where pid == getpid() && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
    }
}
