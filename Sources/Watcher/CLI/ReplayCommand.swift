import ArgumentParser
import Foundation

/// `glwatch replay EVENT-ID --sink NAME`: queues a past event for a sink once more.
struct ReplayCommand: GLWatchCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Send a past event to a sink again.",
        discussion: """
            Queues the stored event for the sink, behind what that sink already has waiting for the project; \
            the next `glwatch run` or `glwatch once` sends it (on PostgreSQL, the running replicas send it at \
            once). It is rendered with the template the rules chose when the event last went to that sink (the \
            sink's own if it never did). Useful after fixing a sink's URL or template, or \
            to show a teammate what a notification looks like. Example:

              glwatch history --type branch.force_pushed --limit 1
              glwatch replay 3f9a1c2e0b7d --sink chat

            With a config (--config, or found in the usual places), the sink must be one it defines. The event id \
            may be shortened to a unique prefix (at least 6 digits). Like `deliveries --retry`, \
            it writes to the state, so it refuses while `glwatch run` is active: stop the watcher first.
            """
    )

    @OptionGroup var stateOptions: StateOptions

    @Argument(
        help: ArgumentHelp(
            "The event's id, or a unique prefix of it (see `glwatch history`).",
            valueName: "event-id"
        )
    )
    var eventID: String

    @Option(help: ArgumentHelp("The sink to send it to, by its configured name.", valueName: "name"))
    var sink: String

    func execute(in context: CommandContext) async throws {
        let (_, config) = try stateOptions.resolve(in: context)
        if let config, config.notifier.sink(named: sink) == nil {
            throw CLIError(
                "no sink named \(SinkName.displayable(sink)) in \(config.file); its sinks: "
                    + config.notifier.sinks.map(\.name).joined(separator: ", ")
            )
        }
        try await StateAccess.withAdminState(stateOptions, action: "replaying an event", in: context) { store, target in
            let id = try await EventReference.resolve(eventID, in: store)
            let delivery: Int64
            do {
                delivery = try await store.redeliver(eventID: id, to: sink, now: context.now())
            } catch let error as StateStoreError {
                throw CLIError(error.description)
            }
            try context.print(
                "queued event \(EventReference.short(id)) for sink \(sink) (delivery \(delivery)); \(target.whoSends())"
            )
        }
    }
}
