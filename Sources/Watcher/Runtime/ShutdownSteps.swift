import Logging
import Notifier

/// The steps of `glwatch run`'s stop, run one after another, saying which one a slow stop is waiting for.
///
/// A stop normally takes well under a second, or up to `engine.shutdown_grace` while deliveries in flight finish.
/// When a step runs past its patience, a warning names it and how long it has waited, and repeats every patience
/// after; so a stop that hangs (a supervisor will SIGKILL it, which loses nothing) says where in the log.
///
/// ```swift
/// let steps = ShutdownSteps(logger: logger)
/// await steps.run("deliveries in flight", patience: .seconds(grace + 10)) { await stopDelivery() }
/// ```
struct ShutdownSteps: Sendable {
    let logger: Logger
    /// How long a step may take before it is reported (unless the step says otherwise).
    let patience: Duration

    init(logger: Logger, patience: Duration = .seconds(10)) {
        self.logger = logger
        self.patience = patience
    }

    /// Runs `body`, warning while it takes longer than `patience` (the steps' default when `nil`); each warning
    /// carries `detail()` when it has one (what exactly the step is waiting for).
    func run<T>(
        _ step: String, patience: Duration? = nil, detail: (@Sendable () -> String?)? = nil,
        _ body: () async throws -> T
    ) async rethrows -> T {
        let patience = patience ?? self.patience
        let logger = logger
        let watch = Task {
            var waited = Duration.zero
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: patience)
                } catch {
                    return
                }
                waited += patience
                var metadata: Logger.Metadata = ["waited": "\(DurationParser.format(waited.seconds))"]
                if let detail = detail?() { metadata["detail"] = "\(detail)" }
                logger.warning("stopping takes long: still waiting for \(step)", metadata: metadata)
            }
        }
        defer { watch.cancel() }
        return try await body()
    }
}
