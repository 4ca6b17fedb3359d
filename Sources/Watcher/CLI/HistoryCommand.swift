import ArgumentParser
import Foundation
import Notifier

/// `glwatch history`: the events glwatch recorded, newest first, with what became of their deliveries.
struct HistoryCommand: GLWatchCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List recent events (new commits, contributors, branch changes…) and their deliveries.",
        discussion: """
            Reads the state read-only, so it is safe while `glwatch run` is running. Examples:

              glwatch history --since 2h
              glwatch history --project acme/api --type branch.force_pushed --limit 5
              glwatch history --since 2026-05-01 --json | jq -r '.events[].id'

            Each line shows the event id (a prefix is enough for `glwatch replay` and `glwatch test-rule --event`), \
            the time, the type, a summary and each sink's delivery state.
            """
    )

    @OptionGroup var stateOptions: StateOptions

    @Option(
        help: ArgumentHelp("Only this project: its path (acme/api) or key (gitlab.com/278964).", valueName: "project")
    )
    var project: String?

    @Option(
        name: .customLong("type"),
        help: ArgumentHelp("Only events of this type (repeatable), like commits.new.", valueName: "type"),
        completion: .list(EventType.allCases.map(\.rawValue))
    )
    var types: [String] = []

    @Option(help: ArgumentHelp("Only events since an age (2h, 30m, 7d) or a date (2026-05-01).", valueName: "when"))
    var since: String?

    @Option(help: "At most this many events.")
    var limit = 20

    @Flag(help: "Print JSON (a stable, versioned shape, with each event's payload) instead of lines.")
    var json = false

    func validate() throws {
        let known = Set(EventType.allCases.map(\.rawValue))
        for type in types where !known.contains(type) {
            throw ValidationError(
                "unknown event type \"\(type)\"; known types: \(EventType.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
    }

    func execute(in context: CommandContext) async throws {
        let now = context.now()
        var filter = EventFilter(types: Set(types), limit: limit)
        if let since {
            guard let date = SinceParser.date(from: since, now: now) else { throw SinceParser.error(since) }
            filter.since = date
        }
        let report = try await StateAccess.withReadableState(stateOptions, in: context) { state, _ in
            var scoped = filter
            if let project {
                scoped.projectKey = try await ProjectReference.resolve(project, in: state.store)
            }
            return HistoryReport(try await state.store.recentEvents(scoped))
        }
        if json {
            try context.print(try CLIText.json(report))
            return
        }
        guard !report.events.isEmpty else {
            try context.print("no events" + (since.map { " since \($0)" } ?? "") + " matching the filters")
            return
        }
        for entry in report.events {
            let deliveries = entry.deliveries.map { "\($0.sink): \($0.state)" }.joined(separator: ", ")
            try context.print(
                "\(EventReference.short(entry.id))  \(CLIText.time(entry.createdAt))  \(entry.type)  \(entry.summary)"
                    + (deliveries.isEmpty ? "  (no rule matched)" : "  [\(deliveries)]")
            )
        }
    }
}
