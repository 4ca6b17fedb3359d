import Foundation
import Notifier

/// What a command needs from the outside world: where it prints, what time it is, and the environment.
///
/// Commands take it as a parameter (`GLWatchCommand.execute(in:)`), so tests run them against a captured output,
/// a fixed clock and a fake environment; `live()` is the only place that reaches the real ones.
struct CommandContext: Sendable {
    /// Where results go (standard output).
    var output: any TextOutput
    /// Where warnings and progress go (standard error).
    var errors: any TextOutput
    /// The current time.
    var now: @Sendable () -> Date
    /// Environment variables and files (`XDG_STATE_HOME`, `HOME`, secrets named by the config).
    var environment: any ConfigSystem

    /// The process's standard output and error, the system clock and environment.
    static func live() -> CommandContext {
        CommandContext(
            output: StandardOutput(),
            errors: StandardErrorOutput(),
            now: { Date() },
            environment: ProcessConfigSystem()
        )
    }

    /// Writes `text` and a newline to the output.
    func print(_ text: String) throws {
        try output.write(text + "\n")
    }

    /// Writes `text` and a newline to standard error (best effort: a closed stderr is not worth failing for).
    func warn(_ text: String) {
        try? errors.write(text + "\n")
    }
}
