import ArgumentParser
import Foundation
import Notifier

/// `glwatch test-rule`: the notifier's dry run — which rules match an event and the exact messages they'd send.
struct TestRuleCommand: GLWatchCommand {
    static let configuration = CommandConfiguration(
        commandName: "test-rule",
        abstract: "Show which rules match an event and the messages each sink would get, without sending.",
        discussion: """
            Routes sample events (one of each type, or those named with --sample), a stored event (--event) or \
            an event payload file (--event-file) through your rules, and prints each match and the exact message \
            — headers and body — every sink would get. Nothing is sent and nothing is written. Secrets are not \
            shown: URLs are reduced to their host and secret headers redacted. Examples:

              glwatch test-rule --rules rules/chatops.yaml --sample branch.force_pushed
              glwatch test-rule --rules rules/chatops.yaml --event 3f9a1c2e0b7d --changed-path docs/index.md
              glwatch test-rule --rules rules/stdout.yaml --event-file payload.json
              glwatch test-rule --config glwatch.yml --sample contributor.new
              glwatch test-rule --config examples/releases.yml --sample tag.created

            Rules with a `paths` condition need the changed paths. `glwatch run` and `once` read them from GitLab \
            (each commit's diff, or one comparison for a large push; a diff GitLab cut short matches); here, give \
            them with --changed-path (repeatable), otherwise routing such an event reports that the paths are \
            unavailable.
            """
    )

    @OptionGroup var stateOptions: StateOptions

    @Option(
        help: ArgumentHelp(
            "A rules file with `sinks:` and `rules:` (like those in rules/); default: the config's sinks and rules.",
            valueName: "file"
        ),
        completion: .file(extensions: ["yaml", "yml"])
    )
    var rules: String?

    @Option(
        help: ArgumentHelp("A sample event of this type (repeatable).", valueName: "type"),
        completion: .list(EventType.allCases.map(\.rawValue))
    )
    var sample: [String] = []

    @Option(help: ArgumentHelp("A stored event, by id or unique prefix (repeatable).", valueName: "event-id"))
    var event: [String] = []

    @Option(
        help: ArgumentHelp(
            "An event payload (JSON, as webhooks receive it) to route (repeatable).",
            valueName: "file"
        ),
        completion: .file(extensions: ["json"])
    )
    var eventFile: [String] = []

    @Option(
        help: ArgumentHelp(
            "A path the event's commits changed, for `paths` rules (repeatable).",
            valueName: "path"
        )
    )
    var changedPath: [String] = []

    func validate() throws {
        let known = Set(EventType.allCases.map(\.rawValue))
        for type in sample where !known.contains(type) {
            throw ValidationError(
                "unknown event type \"\(type)\"; known types: \(EventType.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
    }

    func execute(in context: CommandContext) async throws {
        let configuration = try loadRules(in: context)
        let now = context.now()
        let events = try await selectedEvents(in: context, now: now)
        let dryRun = DryRun(
            router: configuration.router,
            sinks: configuration.makeSinks(transport: OfflineTransport(), output: DiscardedOutput()),
            templates: configuration.templates
        )
        let reports = await dryRun.evaluate(
            events,
            at: now,
            changedPaths: changedPath.isEmpty ? nil : StaticChangedPaths(changedPath)
        )
        try context.print(reports.map(\.text).joined(separator: "\n\n"))
    }

    private func loadRules(in context: CommandContext) throws -> NotifierConfiguration {
        guard let rules else {
            guard let config = try stateOptions.loadConfigIfAny(in: context) else {
                throw CLIError("no rules to test: give a rules file with --rules FILE, or a config with --config FILE")
            }
            return config.notifier
        }
        let yaml: String
        do {
            yaml = try context.environment.contentsOfFile(atPath: rules)
        } catch {
            throw CLIError("cannot read the rules file \(rules): \(error.localizedDescription)")
        }
        do {
            return try NotifierConfiguration.load(
                yaml: yaml,
                file: rules,
                baseDirectory: (rules as NSString).deletingLastPathComponent.isEmpty
                    ? "." : (rules as NSString).deletingLastPathComponent,
                environment: context.environment
            )
        } catch {
            throw CLIError("the rules have errors:\n\(error.description)")
        }
    }

    private func selectedEvents(in context: CommandContext, now: Date) async throws -> [WatchEvent] {
        var events: [WatchEvent] = []
        let samples = SampleEvents.all(at: now)
        if sample.isEmpty, event.isEmpty, eventFile.isEmpty { return samples }
        for type in sample { events += samples.filter { $0.type.rawValue == type } }
        if !event.isEmpty {
            events += try await StateAccess.withReadableState(stateOptions, in: context) { state, _ in
                var stored: [WatchEvent] = []
                for reference in event {
                    let id = try await EventReference.resolve(reference, in: state.store)
                    guard let found = try await state.store.storedEvent(id: id) else {
                        throw CLIError("no stored event with id \(reference)")
                    }
                    do {
                        stored.append(try WatchEvent(outbox: found.event))
                    } catch {
                        throw CLIError("event \(reference) cannot be read by this glwatch: \(error)")
                    }
                }
                return stored
            }
        }
        for file in eventFile {
            do {
                let text = try context.environment.contentsOfFile(atPath: file)
                events.append(try WatchEvent.decode(json: Data(text.utf8)))
            } catch {
                throw CLIError("\(file) is not an event payload glwatch can read: \(error)")
            }
        }
        return events
    }
}
