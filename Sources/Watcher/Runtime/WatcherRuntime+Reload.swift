import Foundation
import Notifier

/// SIGHUP: the running watcher takes a reloaded config (instances, rules, targets and sinks) without a restart.
extension WatcherRuntime {
    /// Applies a reloaded config, or logs why it was rejected and keeps the running one.
    func reload(_ load: @Sendable () throws -> GLWatchConfig) async {
        let new: GLWatchConfig
        do {
            new = try load()
        } catch let error as ConfigError {
            logger.error(
                "config reload rejected; the running configuration stays in force",
                metadata: ["errors": "\(error.diagnostics.count)"]
            )
            for diagnostic in error.diagnostics { logger.error("\(diagnostic.description)") }
            return
        } catch {
            logger.error(
                "config reload rejected; the running configuration stays in force",
                metadata: ["error": "\(error)"]
            )
            return
        }
        let old = config
        await applyInstances(from: old, to: new)
        if let warning = Self.hooksReloadWarning(old: old, new: new) { logger.warning("\(warning)") }
        if old.state.path != new.state.path {
            logger.warning(
                "a new state path takes effect at the next restart",
                metadata: ["state": "\(old.state.path)"]
            )
        }
        engine.replace(router: new.notifier.router)
        engine.replace(targets: new.watchTargets)
        await stopDelivery()
        current.withLock { $0.config = new }
        startDelivery(new.notifier)
        logger.notice(
            "config reloaded",
            metadata: [
                "targets": "\(new.watchTargets.count)",
                "sinks": "\(new.notifier.sinks.map(\.name).joined(separator: ", "))",
                "rules": "\(new.notifier.rules.rules.count)",
            ]
        )
        logWarnings(of: new)
    }
}
