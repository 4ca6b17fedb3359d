import Foundation
import Logging
import Notifier
import RxCore

/// Looks at each authenticated instance's token at start and then daily (`GET /personal_access_tokens/self`,
/// where the token type allows): a token that expires within the instance's `token_expiry_warning` raises
/// `token.expiring` (once per token and expiry date: its id derives from both), and a token without `read_api`
/// is a start-up error.
struct TokenExpiryCheck: Sendable {
    /// One instance to check.
    struct Instance: Sendable {
        var config: GitLabInstanceConfig
        var client: GitLabClient
    }

    let instances: [Instance]
    let scheduler: any SchedulerType
    let logger: Logger
    /// Routes and stores an event (the engine's outbox).
    let store: @Sendable (WatchEvent) async -> Void

    /// How often the tokens are looked at again.
    static let interval: TimeInterval = 86_400

    /// Checks every instance now: stores `token.expiring` where due; returns the tokens GitLab described, by
    /// instance (an instance whose token GitLab does not describe — an OAuth or job token, an older GitLab, an
    /// unreachable host — is logged and left out).
    @discardableResult
    func checkAll() async -> [String: GitLabAccessToken] {
        var tokens: [String: GitLabAccessToken] = [:]
        for instance in instances where instance.client.isAuthenticated {
            let name = instance.config.name
            let token: GitLabAccessToken
            do {
                token = try await instance.client.users.currentToken()
            } catch {
                logger.info(
                    "cannot read the token's expiry; not checked",
                    metadata: ["instance": "\(name)", "error": "\(error)"]
                )
                continue
            }
            tokens[name] = token
            let now = scheduler.now
            guard let expiry = token.expiryDate, expiry.timeIntervalSince(now) <= instance.config.tokenExpiryWarning
            else { continue }
            let days = max(0, Int((expiry.timeIntervalSince(now) / 86_400).rounded(.down)))
            logger.warning(
                "GitLab token expires soon",
                metadata: ["instance": "\(name)", "token": "\(token.name)", "expires": "\(token.expiresAt ?? "")"]
            )
            await store(
                .tokenExpiring(
                    instance: name, url: instance.config.url.absoluteString, tokenName: token.name,
                    expiresAt: expiry, daysLeft: days, source: instance.config.tokenSource, at: now
                )
            )
        }
        return tokens
    }

    /// Checks every `interval` until disposed (the first check is `checkAll()` at start).
    func repeatDaily() -> any Disposable {
        scheduler.scheduleRecursive((), dueTime: .timeInterval(Self.interval)) { _, recurse in
            _ = Single<Void>.create { await self.checkAll() }.subscribe { _ in }
            recurse.schedule((), dueTime: .timeInterval(Self.interval))
        }
    }

    /// The start-up error for tokens GitLab described that cannot read the API, naming the instance, where the
    /// token comes from and its scopes (never the token); `nil` when every token may read it.
    func scopeError(_ tokens: [String: GitLabAccessToken]) -> CLIError? {
        let problems = instances.compactMap { instance -> String? in
            guard let token = tokens[instance.config.name], !token.canReadAPI else { return nil }
            let source = instance.config.tokenSource.map { " (\($0))" } ?? ""
            let scopes = token.scopes.isEmpty ? "none" : token.scopes.joined(separator: ", ")
            return "gitlab instance \"\(instance.config.name)\": the token \"\(token.name)\"\(source) lacks the "
                + "read_api scope (it has: \(scopes)); create one with read_api"
        }
        return problems.isEmpty ? nil : CLIError(problems.joined(separator: "\n"))
    }
}
