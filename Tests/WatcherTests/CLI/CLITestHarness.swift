import ArgumentParser
import Foundation
import Notifier
import Testing

@testable import Watcher

/// Runs glwatch commands as the command line would parse them, against a real state file in a temp directory,
/// a fixed clock, a fake environment and captured output.
final class CLITestHarness {
    let directory = TemporaryDirectory()
    /// The fixed "now" every command sees: one hour after `Sample.time()`.
    let now = Sample.time(3600)
    let output = CapturedText()
    let errors = CapturedText()
    var environment: [String: String] = [:]

    /// The state database's path.
    var statePath: String { directory.file("state.db") }

    /// Parses `arguments` (after `glwatch`) and executes the command; returns what it printed.
    @discardableResult
    func run(_ arguments: [String]) async throws -> String {
        let parsed = try GLWatch.parseAsRoot(arguments)
        guard let command = parsed as? any GLWatchCommand else {
            throw CLIError("\(arguments.first ?? "") is not a GLWatchCommand")
        }
        let before = output.text.count
        try await command.execute(in: context)
        return String(output.text.dropFirst(before))
    }

    /// The context commands run in.
    var context: CommandContext {
        let now = self.now
        return CommandContext(
            output: output,
            errors: errors,
            now: { now },
            environment: FakeCommandEnvironment(variables: environment, directory: directory.path)
        )
    }

    /// Opens the state read-write (taking the single-writer lock, as `glwatch run` does), riding out a child
    /// process that briefly holds a copy of the previous holder's lock (see `SQLiteStateStore.reopenForTest`).
    func openStore() throws -> SQLiteStateStore {
        try SQLiteStateStore.reopenForTest(path: statePath)
    }

    /// Writes `text` to a file in the temp directory and returns its path.
    func write(_ text: String, to name: String) throws -> String {
        let path = directory.file(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// Environment variables from a dictionary; files from the real file system (tests write them to a temp dir).
struct FakeCommandEnvironment: ConfigSystem {
    var variables: [String: String]
    var directory: String

    func variable(named name: String) -> String? { variables[name] }

    func contentsOfFile(atPath path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    func fileExists(atPath path: String) -> Bool {
        ProcessConfigSystem().fileExists(atPath: path)
    }

    func files(under directory: String) -> [String] {
        ProcessConfigSystem().files(under: directory)
    }
}
