import ArgumentParser
import Foundation
import Notifier

/// `glwatch status`: where every watched project and every sink's queue stands.
struct StatusCommand: GLWatchCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show each project's last poll, heads, lag and failures, and each sink's queue.",
        discussion: """
            Reads the state read-only, so it is safe while `glwatch run` is running. Example:

              $ glwatch status
              PROJECT            STATUS  LAST POLL  LAG   FAILURES  HEADS
              acme/api           active  12s ago    12s   0         main@4f2a91c0, release/1.2@0b1c2d3e
              SINK   QUEUED  DEAD  OLDEST WAITING
              chat   2       1     3m ago

            `--json` prints the same as a stable JSON document for scripts (shape: version 1, see the README's \
            commands section), e.g. `glwatch status --json | jq '.sinks[] | select(.deadLetters > 0)'`.
            """
    )

    @OptionGroup var stateOptions: StateOptions

    @Flag(help: "Print JSON (a stable, versioned shape) instead of a table.")
    var json = false

    func execute(in context: CommandContext) async throws {
        let (path, config) = try stateOptions.resolve(in: context)
        let store = try StateAccess.openForReading(path)
        defer { try? store.close() }
        let now = context.now()
        let report = try await StatusReport.load(
            from: store,
            statePath: store.path,
            configuredSinks: config?.notifier.sinks.map(\.name) ?? [],
            now: now
        )
        if json {
            try context.print(try CLIText.json(report))
        } else {
            try context.print(Self.text(report, now: now))
        }
    }

    /// The report as two tables: projects, then sinks.
    static func text(_ report: StatusReport, now: Date) -> String {
        var lines: [String] = []
        if report.projects.isEmpty {
            lines.append("no projects watched yet (state: \(report.state))")
        } else {
            // LAST HOOK only once GitLab's webhooks are in use (instant mode).
            let hooks = report.projects.contains { $0.lastHookAt != nil }
            var rows = [["PROJECT", "STATUS", "LAST POLL"] + (hooks ? ["LAST HOOK"] : []) + ["LAG", "FAILURES", "HEADS"]]
            for project in report.projects {
                var failures = String(project.consecutiveFailures)
                if let error = project.lastError { failures += " (\(error))" }
                let hook = hooks ? [CLIText.age(of: project.lastHookAt, now: now)] : []
                rows.append(
                    [project.path, project.status, CLIText.age(of: project.lastPollAt, now: now)] + hook + [
                        project.lagSeconds.map { DurationParser.format(TimeInterval($0)) } ?? "-",
                        failures,
                        project.heads.isEmpty
                            ? "-"
                            : project.heads.map { "\($0.branch)@\(CLIText.shortSHA($0.sha))" }.joined(separator: ", "),
                    ])
            }
            lines += CLIText.table(rows)
        }
        if report.sinks.allSatisfy({ $0.queueDepth == 0 && $0.deadLetters == 0 }) {
            lines.append("no deliveries waiting, no dead letters")
        } else {
            var rows = [["SINK", "QUEUED", "DEAD", "OLDEST WAITING"]]
            for sink in report.sinks {
                rows.append([
                    sink.name, String(sink.queueDepth), String(sink.deadLetters),
                    sink.oldestWaitingAt.map { CLIText.age(of: $0, now: now) } ?? "-",
                ])
            }
            lines += CLIText.table(rows)
        }
        return lines.joined(separator: "\n")
    }
}
