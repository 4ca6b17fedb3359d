import Foundation

/// An executable built beside the test bundle — `glwatch`, or the development `glwatch-dev` — for tests that run
/// it as a child process (the crash tests kill it with SIGKILL).
enum GLWatchExecutable {
    /// The executable's URL; fails when it was not built (`swift build` first).
    static func locate(_ name: String = "glwatch") throws -> URL {
        let bundle = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        var directory = bundle.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        throw NotFound(description: "no \(name) executable near \(bundle.path); run `swift build` first")
    }

    struct NotFound: Error, CustomStringConvertible {
        var description: String
    }
}
