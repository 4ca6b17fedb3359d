import ArgumentParser
import Foundation
import Logging
import RxCore
import UnixSignals

/// `glwatch run`: the long-running watcher.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Watch GitLab and deliver notifications until stopped (no cron needed).",
        discussion: """
            Polls every watch target on its interval and delivers what the rules match as it is found. Logs go \
            to standard error (text, or one JSON object per line with --log-format json); notifications go to \
            standard output only when a stdout sink is configured. Example:

              GITLAB_TOKEN=glpat-… glwatch run --config glwatch.yml

            Signals:
              SIGHUP           reload the config and rules; a config with errors is rejected (its errors are \
            logged) and the running one stays in force. A GitLab instance's url, ca_file, timeout, token and auth \
            apply from the next request (a rotated token_file is re-read without a signal)
              SIGTERM, SIGINT  stop polling, let deliveries in flight finish within engine.shutdown_grace \
            (default 10s; what is still in flight is handed back and sent at the next start), close the \
            state, exit 0

            One watcher per SQLite state: a second `glwatch run` on the same state refuses to start, naming \
            the running one's pid. On PostgreSQL (state.postgres) any number of replicas share the state and \
            split the projects between them. `glwatch status`, `history` and `deliveries` read the state beside it.
            """
    )

    @OptionGroup var options: WatcherOptions

    func run() async throws {
        let context = CommandContext.live()
        let config = try options.loadConfig(in: context.environment)
        options.bootstrapLogging(config, now: context.now)
        try await execute(config: config, in: context)
    }

    /// Runs the watcher until SIGTERM or SIGINT.
    func execute(config: GLWatchConfig, in context: CommandContext) async throws {
        let logger = Logger(label: "glwatch")
        let state = try await OpenedStateBackend.open(config.state, logger: logger)
        let store = state.backend
        let runtime: WatcherRuntime
        do {
            runtime = try WatcherRuntime(
                config: config,
                store: store,
                queue: store,
                queries: store,
                output: context.output,
                scheduler: ConcurrentDispatchQueueScheduler(qos: .default),
                logger: logger,
                environment: context.environment,
                leases: state.leases,
                wakeups: state.wakeups
            )
        } catch {
            try? await state.close()
            throw error
        }
        do {
            try await runtime.checkTokens()
        } catch {
            await runtime.shutdown()
            try? await state.close()
            throw error
        }
        let signals = await Self.signals(onRepeatedStop: { runtime.abandonDeliveriesInFlight() })
        let options = self.options
        let system = context.environment
        await runtime.run(signals: signals) {
            try options.reloadConfig(in: system)
        }
        let steps = ShutdownSteps(logger: logger)
        await steps.run("the HTTP clients") { await runtime.shutdown() }
        do {
            try await steps.run("the state store") { try await state.close() }
        } catch {
            logger.error("closing the state failed", metadata: ["error": "\(error)"])
        }
        logger.notice("stopped")
    }

    /// SIGHUP, SIGTERM and SIGINT as runtime signals; a second SIGTERM or SIGINT (Ctrl-C twice) calls
    /// `onRepeatedStop` instead, to stop without waiting for the deliveries in flight.
    private static func signals(onRepeatedStop: @escaping @Sendable () -> Void) async -> AsyncStream<RuntimeSignal> {
        let unix = await UnixSignalsSequence(trapping: .sighup, .sigterm, .sigint)
        return AsyncStream { continuation in
            // Lives as long as the process: it must still see the second stop after `run` stopped listening.
            Task {
                var stopped = false
                for await signal in unix {
                    if signal == .sighup {
                        continuation.yield(.reload)
                    } else if stopped {
                        onRepeatedStop()
                    } else {
                        stopped = true
                        continuation.yield(.stop(signal.description))
                    }
                }
                continuation.finish()
            }
        }
    }
}
