import Foundation
import Notifier

extension WatcherRuntime {
    /// The daily token check of the instances in force, through the engine's clients (with their retries),
    /// storing its events through the engine's outbox.
    var tokenExpiryCheck: TokenExpiryCheck { tokenExpiryCheck(using: engine.clients) }

    /// The token check through `clients` (the engine's, or the probes that never retry).
    func tokenExpiryCheck(using clients: [String: GitLabClient]) -> TokenExpiryCheck {
        let engine = engine
        return TokenExpiryCheck(
            instances: config.instances.compactMap { instance in
                clients[instance.name].map { TokenExpiryCheck.Instance(config: instance, client: $0) }
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

    /// `glwatch run`'s start: looks at every token once (storing `token.expiring` where due), through the probes,
    /// so an unreachable GitLab costs one attempt per instance rather than a start delayed by retries.
    ///
    /// - throws: `CLIError` naming each instance whose token lacks `read_api`.
    func checkTokens() async throws {
        let check = tokenExpiryCheck(using: probes)
        if let error = check.scopeError(await check.checkAll()) { throw error }
    }
}
