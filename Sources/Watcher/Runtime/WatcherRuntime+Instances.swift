import Foundation
import Notifier

extension WatcherRuntime {
    /// Applies a reloaded `gitlab:` section to the running clients, keeping every pipeline, its state and the
    /// queued deliveries: a new URL, CA file or timeout takes effect for the next request (a new transport when the
    /// URL or CA changed), and so do new credentials (token, token source, `auth`). Instances added or removed, and
    /// new request budgets, need a restart; a warning says so.
    func applyInstances(from old: GLWatchConfig, to new: GLWatchConfig) async {
        let running = Dictionary(old.instances.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let wanted = Set(new.instances.map(\.name))
        for name in running.keys.sorted() where !wanted.contains(name) {
            logger.warning("a removed gitlab instance stays until the next restart", metadata: ["instance": "\(name)"])
        }
        for instance in new.instances {
            guard let before = running[instance.name], let client = engine.clients[instance.name] else {
                logger.warning(
                    "a new gitlab instance takes effect at the next restart",
                    metadata: ["instance": "\(instance.name)"]
                )
                continue
            }
            let probe = probes[instance.name]
            if before.url != instance.url || before.caFile != instance.caFile
                || before.requestTimeout != instance.requestTimeout
            {
                reconnect(client, probe: probe, to: instance)
            }
            let credentials = instance.tokenFileCredentials(
                environment: environment, now: { [scheduler] in scheduler.now }, logger: logger
            )
            // An unchanged OAuth setup keeps its renewed token (its refresh token was rotated since it was read).
            let sameOAuth =
                instance.oauthRefreshTokenFile != nil && before.oauthRefreshTokenFile == instance.oauthRefreshTokenFile
                && before.description == instance.description
            if !sameOAuth {
                await client.replace(auth: instance.auth, credentials: credentials)
                await probe?.replace(auth: instance.probeAuth, credentials: credentials)
            }
            if before.description != instance.description {
                logger.notice(
                    "gitlab instance credentials replaced",
                    metadata: ["instance": "\(instance.name)", "now": "\(instance)"]
                )
            }
            if before.requestsPerMinute != instance.requestsPerMinute || before.burst != instance.burst {
                logger.warning(
                    "a new request budget takes effect at the next restart",
                    metadata: ["instance": "\(instance.name)"]
                )
            }
        }
    }

    /// Points an instance's client (metered, when metrics are on) and its probe at `instance`'s URL, CA file and
    /// timeout, through a new transport.
    private func reconnect(_ client: GitLabClient, probe: GitLabClient?, to instance: GitLabInstanceConfig) {
        let transport: AsyncHTTPClientGitLabTransport
        do {
            transport = try AsyncHTTPClientGitLabTransport(configuration: instance.transportConfiguration)
        } catch {
            logger.error(
                "gitlab instance not reconfigured; it keeps its URL and CA",
                metadata: ["instance": "\(instance.name)", "error": "\(error)"]
            )
            return
        }
        gitlabTransports.withLock { $0.append(transport) }
        let timeout = instance.clientConfiguration(userAgent: "").requestTimeout
        let metered: any GitLabHTTPTransport =
            operations.map { MeteredGitLabTransport(wrapping: transport, metrics: $0.metrics, clock: scheduler) }
            ?? transport
        client.reconfigure(host: instance.url, transport: metered, requestTimeout: timeout)
        probe?.reconfigure(host: instance.url, transport: transport, requestTimeout: timeout)
        logger.notice(
            "gitlab instance reconfigured",
            metadata: ["instance": "\(instance.name)", "url": "\(instance.url.absoluteString)"]
        )
    }
}
