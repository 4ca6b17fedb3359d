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

            `--json` prints the same as a stable JSON document for scripts (shape: version 1, see \
            docs/commands.md), e.g. `glwatch status --json | jq '.sinks[] | select(.deadLetters > 0)'`.

            With state.postgres in the config (and no --state), it reads the PostgreSQL database without joining \
            the replicas, and adds how they share the work: each live replica with its last heartbeat and the \
            project leases it holds, the leader and until when, and the projects no replica holds yet:

              REPLICA              STARTED  LAST HEARTBEAT  LEASES  LEADER
              web-1/4242/1a2b3c4d  2h ago   4s ago          12      until 26s from now
              web-2/977/5e6f7a8b   2h ago   9s ago          11      -
              leases: 23 held, 1 waiting to be claimed
                acme/new-service (gitlab.com/913)  not held (given back or never claimed)
            """
    )

    @OptionGroup var stateOptions: StateOptions

    @Flag(help: "Print JSON (a stable, versioned shape) instead of a table.")
    var json = false

    func execute(in context: CommandContext) async throws {
        let now = context.now()
        let report = try await StateAccess.withReadableState(stateOptions, in: context) { state, config in
            try await StatusReport.load(
                from: state.store,
                statePath: state.name,
                configuredSinks: config?.notifier.sinks.map(\.name) ?? [],
                replicas: state.replicas,
                leasePeriod: state.leasePeriod ?? 30,
                now: now
            )
        }
        if json {
            try context.print(try CLIText.json(report))
        } else {
            try context.print(Self.text(report, now: now))
        }
    }

    /// The report as two tables: projects, then sinks (then the replicas, on PostgreSQL).
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
        if let replicas = report.replicas { lines += text(replicas, now: now) }
        return lines.joined(separator: "\n")
    }
}
