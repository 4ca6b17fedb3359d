import Foundation
import Logging
import Notifier

/// One GitLab instance of the config (`gitlab: <name>:`): where it is, how to authenticate and how hard to
/// use it.
///
/// The token is a `GitLabSecret` inside `auth`; `description` and reflection show only where it came from.
struct GitLabInstanceConfig: Sendable, CustomStringConvertible {
    /// The instance's name, as watch targets refer to it.
    var name: String
    /// The base URL (without `/api/v4`).
    var url: URL
    /// How the client authenticates (the token inside is never printed).
    var auth: GitLabAuth
    /// Where the token came from, for status output: `env GITLAB_TOKEN`, `file /run/secrets/gitlab`, or `nil`.
    var tokenSource: String?
    /// The `token_file`, resolved, when the token came from one (re-read while glwatch runs).
    var tokenFile: String?
    /// How the token is sent (`auth:`).
    var authKind: GitLabAuthKind = .none
    /// With `auth: {type: oauth, …}`: the refresh token's file, where each rotated one is written back.
    var oauthRefreshTokenFile: String?
    /// glwatch's own request budget for this instance.
    var requestsPerMinute: Int = 600
    /// Requests allowed back to back before pacing starts.
    var burst: Int = 20
    /// A PEM file of extra CA certificates to trust.
    var caFile: String?
    /// How long one request may take.
    var requestTimeout: TimeInterval = 30
    /// How long before its expiry the token raises `token.expiring`.
    var tokenExpiryWarning: TimeInterval = 14 * 86_400

    /// `gitlab.com (https://gitlab.com, private token from env GITLAB_TOKEN)`.
    var description: String {
        "\(name) (\(url.absoluteString), \(auth)\(tokenSource.map { " from \($0)" } ?? ""))"
    }

    /// The client configuration for this instance.
    func clientConfiguration(userAgent: String) -> GitLabClientConfiguration {
        GitLabClientConfiguration(
            userAgent: userAgent,
            requestTimeout: .milliseconds(Int64((requestTimeout * 1000).rounded())),
            pace: GitLabRateLimiter.Pace(requestsPerMinute: requestsPerMinute, burst: burst)
        )
    }

    /// The transport configuration for this instance (its private CA, if any).
    var transportConfiguration: AsyncHTTPClientGitLabTransport.Configuration {
        AsyncHTTPClientGitLabTransport.Configuration(additionalTrustRootsPEMFile: caFile)
    }

    /// The reachability probe's authentication: the instance's, except OAuth (a second client renewing with the
    /// same refresh token would invalidate the first one's); any HTTP answer, even 401, proves the host reachable.
    var probeAuth: GitLabAuth {
        if case .oauth = auth { return .none }
        return auth
    }

    /// The token file as a credential source that re-reads it while glwatch runs; `nil` without a `token_file`.
    func tokenFileCredentials(
        environment: any ConfigEnvironment,
        now: @escaping @Sendable () -> Date,
        logger: Logger
    ) -> TokenFileCredentials? {
        guard let tokenFile else { return nil }
        let current: GitLabSecret
        switch auth {
        case .privateToken(let token), .bearer(let token), .jobToken(let token): current = token
        default: return nil
        }
        return TokenFileCredentials(
            path: tokenFile, kind: authKind, current: current, environment: environment, now: now, logger: logger
        )
    }
}
