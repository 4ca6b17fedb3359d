import Foundation
import Notifier

extension WatcherRuntime {
    /// The token check of the instances in force, storing its events through the engine's outbox.
    var tokenExpiryCheck: TokenExpiryCheck {
        let engine = engine
        return TokenExpiryCheck(
            instances: config.instances.compactMap { instance in
                engine.clients[instance.name].map { TokenExpiryCheck.Instance(config: instance, client: $0) }
            },
            scheduler: scheduler,
            logger: logger,
            store: { event in
                await engine.store(
                    event, project: ProjectKey(instance: event.project.instance, id: 0), at: event.occurredAt
                )
            }
        )
    }

    /// `glwatch run`'s start: looks at every token once (storing `token.expiring` where due).
    ///
    /// - throws: `CLIError` naming each instance whose token lacks `read_api`.
    func checkTokens() async throws {
        let check = tokenExpiryCheck
        if let error = check.scopeError(await check.checkAll()) { throw error }
    }
}
