import Foundation
import RxCore

/// Instant mode in the composition root: the webhook listener, its receiver over the engine, and its metrics.
extension WatcherRuntime {
    /// The running listener and what follows the engine for it.
    struct RunningHooks: @unchecked Sendable {
        // @unchecked: the disposable is only disposed, once, and is thread-safe.
        let listener: HookListener
        let following: any Disposable

        /// Stops listening (hooks sent from now on are lost; the sweep and the feed still find their pushes).
        func stop() async {
            await listener.stop()
            following.dispose()
        }
    }

    /// Starts the webhook listener when the config has `hooks:`; a listener that cannot start (no token, address
    /// in use) is logged and glwatch watches without it, as it would without hooks.
    func startHooks() async -> RunningHooks? {
        guard let settings = config.hooks else { return nil }
        let metrics = operations?.hooks
        let scheduler = self.scheduler
        let instance = settings.instance
        do {
            let receiver = try HookReceiver(
                token: settings.token,
                instance: instance,
                target: engine,
                repeats: HookRepeats(now: { scheduler.now }),
                logger: logger,
                record: { verdict in metrics?.record(verdict, instance: instance, at: scheduler.now) }
            )
            let listener = HookListener(configuration: settings.listener, receiver: receiver, logger: logger)
            _ = try await listener.start()
            return RunningHooks(listener: listener, following: metrics?.follow(engine) ?? Disposables.create())
        } catch {
            logger.error(
                "cannot listen for GitLab webhooks; watching without them (polling finds every push)",
                metadata: ["listen": "\(settings.listen)", "error": "\(error)"]
            )
            return nil
        }
    }

    /// What a reload that changes `hooks:` should log: the listener keeps its address, path and token until restart
    /// (a listener cannot move without a moment where GitLab's hooks fail); `nil` when `hooks:` did not change.
    static func hooksReloadWarning(old: GLWatchConfig, new: GLWatchConfig) -> String? {
        old.hooks == new.hooks ? nil : "changes to hooks: take effect at the next restart; the running listener stays"
    }
}
