import ArgumentParser
import Foundation
import Watcher

/// `glwatch-dev bench store-crash-writer` (hidden, internal): the child process of the store's crash test.
///
/// It applies `StoreCrashWorkload` changes in a loop, continuing after the last change found in the state, and
/// prints each change's number once `apply` has returned; the test (`StoreCrashTests`) kills it with SIGKILL at
/// random moments and checks the database after each kill. It lives in the shipped executable rather than in the
/// test bundle because the test must kill a real, separate process running the real store code; re-launching
/// the test bundle filtered down to a "child mode" test would need a test that asserts nothing when run
/// normally, and depend on the test runner's command-line flags. Not for users: it writes a synthetic project
/// into the state it is given.
struct StoreCrashWriterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store-crash-writer",
        abstract: "Internal: the state store crash test's child process (writes synthetic changes until killed).",
        shouldDisplay: false
    )

    @Option(help: "The state database to write to (a throwaway file).")
    var state: String

    @Option(help: "Stop after this many changes (default: run until killed).")
    var count: Int?

    func run() async throws {
        let store = try SQLiteStateStore(StoreConfiguration(path: state))
        let last = try await store.projectState(StoreCrashWorkload.project)?.record.consecutiveFailures ?? 0
        var written = 0
        var n = last + 1
        while count.map({ written < $0 }) ?? true {
            _ = try await store.apply(StoreCrashWorkload.change(n))
            FileHandle.standardOutput.write(Data("\(n)\n".utf8))
            written += 1
            n += 1
        }
        try store.close()
    }
}
