import ArgumentParser
import Watcher

/// The `glwatch-dev` root command: glwatch's development tools — benchmarks, the fault-and-crash soak and the
/// crash tests' child processes — kept out of the shipped `glwatch` executable.
///
/// They import the Watcher library (its `package` declarations) so they measure and exercise the shipped code
/// paths. Build in release mode for meaningful figures: `swift run -c release glwatch-dev bench <name>`.
@main
struct GLWatchDev: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glwatch-dev",
        abstract: "glwatch's development tools: benchmarks, the soak, crash-test children (see BENCHMARKS.md).",
        version: GLWatchVersion.current,
        subcommands: [BenchCommand.self]
    )
}
