import ArgumentParser
import Foundation
import Logging
import Notifier
import RxCore

/// `glwatch once`: one poll of every target, one delivery pass, exit — for cron and CI.
struct OnceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "once",
        abstract: "Poll every target once, deliver what is due, and exit (for cron or CI).",
        discussion: """
            Examples:

              glwatch once --config glwatch.yml
              glwatch once --dry-run          # what would be sent, without sending or storing anything

            Exit status: 0 when everything worked; 1 for a usage, config or state error (nothing was polled); \
            2 when a poll or a group listing failed; 3 when polls worked but a delivery failed (it is retried \
            by the next run, or shown by `glwatch deliveries`).

            --dry-run polls GitLab for real but stores nothing: it reads the state read-only (so it also works \
            beside a running `glwatch run`), prints each event the rules match with the exact message every \
            sink would get, and sends nothing. The next real run finds the same changes again.
            """
    )

    @OptionGroup var options: WatcherOptions

    @Flag(help: "Show what would be sent, without sending it or changing the state.")
    var dryRun = false

    func run() async throws {
        let context = CommandContext.live()
        let config = try options.loadConfig(in: context.environment)
        options.bootstrapLogging(config, now: context.now)
        let code = try await execute(config: config, in: context)
        if code != .success { throw code }
    }

    /// Runs one cycle; returns the exit code.
    func execute(config: GLWatchConfig, in context: CommandContext) async throws -> ExitCode {
        let logger = Logger(label: "glwatch")
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        if dryRun { return try await executeDryRun(config: config, in: context, scheduler: scheduler, logger: logger) }
        let store: SQLiteStateStore
        do {
            store = try SQLiteStateStore(StoreConfiguration(path: config.state.path))
        } catch StateStoreError.alreadyInUse(let path, _, let pid) {
            throw CLIError(
                "\(pid.map { "glwatch run is active (pid \($0))" } ?? "glwatch run is active") on \(path): it already "
                    + "polls and delivers; use `glwatch once --dry-run` to look without changing anything"
            )
        } catch let error as StateStoreError {
            throw CLIError(error.description)
        }
        defer { try? store.close() }
        let runtime = try WatcherRuntime(
            config: config,
            store: store,
            queue: store,
            output: context.output,
            scheduler: scheduler,
            logger: logger
        )
        let cycle = await runtime.engine.pollAllOnce()
        let delivery = DeliveryService(
            sinks: runtime.makeSinks(config.notifier),
            queue: store,
            templates: config.notifier.templates,
            policies: config.notifier.policies,
            scheduler: scheduler,
            logger: logger
        )
        let passes = await delivery.deliverDueOnce()
        await runtime.shutdown()
        let delivered = passes.reduce(0) { $0 + $1.delivered }
        let retried = passes.reduce(0) { $0 + $1.retried }
        let dead = passes.reduce(0) { $0 + $1.dead }
        let unresolved = cycle.discoveryFailures
        let targets = unresolved == 0 ? "" : "; \(unresolved) target\(unresolved == 1 ? "" : "s") failed to resolve"
        logger.notice(
            """
            once: \(cycle.polled) projects polled (\(cycle.changed) changed, \(cycle.failed) failed\(targets)), \
            \(cycle.eventsStored) events stored; \(delivered) delivered, \(retried) to retry, \(dead) dead
            """
        )
        if !cycle.isSuccess { return ExitCode(2) }
        if passes.contains(where: \.hadFailures) { return ExitCode(3) }
        return .success
    }

    private func executeDryRun(
        config: GLWatchConfig,
        in context: CommandContext,
        scheduler: any SchedulerType,
        logger: Logger
    ) async throws -> ExitCode {
        let base: SQLiteStateStore
        do {
            base = try SQLiteStateStore(StoreConfiguration(path: config.state.path, access: .readOnly))
        } catch StateStoreError.notFound {
            base = try SQLiteStateStore.inMemory()  // no state yet: as a first run would see it
        } catch let error as StateStoreError {
            throw CLIError(error.description)
        }
        defer { try? base.close() }
        let store = DryRunStateStore(base: base)
        let runtime = try WatcherRuntime(
            config: config,
            store: store,
            queue: base,
            output: DiscardedOutput(),
            scheduler: scheduler,
            logger: logger
        )
        let cycle = await runtime.engine.pollAllOnce()
        await runtime.shutdown()
        let events = try store.changes.flatMap(\.events).map { try WatchEvent(outbox: $0.event) }
        let dryRun = DryRun(
            router: config.notifier.router,
            sinks: config.notifier.makeSinks(transport: OfflineTransport(), output: DiscardedOutput()),
            templates: config.notifier.templates
        )
        let reports = await dryRun.evaluate(events, at: context.now())
        for report in reports { try context.print(report.text + "\n") }
        let messages = reports.reduce(0) { $0 + $1.deliveries.count }
        try context.print(
            "dry run: \(cycle.polled) projects polled (\(cycle.failed) failed), \(events.count) events, "
                + "\(messages) messages would be sent; nothing was sent or stored"
        )
        return cycle.isSuccess ? .success : ExitCode(2)
    }
}
