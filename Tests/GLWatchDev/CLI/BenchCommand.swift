import ArgumentParser
import Watcher

/// `glwatch-dev bench`: glwatch's own performance benchmarks, run against the fake GitLab, plus the soak and the
/// crash tests' child processes.
///
/// They measure the shipped code paths — the GitLab client, the state store, the watch engine — through the
/// Watcher library. Build in release mode for meaningful figures: `swift run -c release glwatch-dev bench <name>`.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run glwatch's performance benchmarks (for developers; see BENCHMARKS.md).",
        discussion: """
            Each benchmark prints its figures and the ratio against its baseline. Use a release build:

              swift run -c release glwatch-dev bench <name>
            """,
        subcommands: [
            BenchClientCommand.self, StoreBenchCommand.self, StoreCrashWriterCommand.self, EngineCrashRunnerCommand.self,
            EngineBenchCommand.self, FeedBenchCommand.self, HooksBenchCommand.self, MemoryBenchCommand.self,
            ReplicaBenchCommand.self,
            SoakCommand.self,
        ]
    )
}
