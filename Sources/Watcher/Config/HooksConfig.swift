import Foundation
import Notifier

/// `hooks:`: instant mode's webhook listener (off unless the section is given). GitLab's push and project hooks
/// are hints that make glwatch poll a project at once; polling stays the only source of events.
///
/// ```yaml
/// hooks:
///   listen: 0.0.0.0:9095
///   path: /gitlab
///   token_env: GITLAB_HOOK_TOKEN     # the hook's "Secret token" in GitLab
///   instance: gitlab.com             # whose project ids the hooks carry (default: the only instance)
/// ```
struct HooksConfig: Sendable, Equatable {
    /// The address to bind (`0.0.0.0` by default: GitLab must reach it).
    var host = "0.0.0.0"
    /// The port (9095 by default).
    var port = 9095
    /// The path GitLab posts to.
    var path = "/gitlab"
    /// The secret token every hook must carry in `X-Gitlab-Token`.
    var token: Secret
    /// Where the token came from (`env GITLAB_HOOK_TOKEN`), for messages: never the token.
    var tokenSource: String
    /// The GitLab instance (a name under `gitlab:`) the hooks come from.
    var instance: String
    /// The largest body accepted, in bytes (413 beyond).
    var maxBodyBytes = 4 << 20

    /// `host:port`, with IPv6 addresses in brackets.
    var listen: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// The listener's configuration.
    var listener: HookListener.Configuration {
        HookListener.Configuration(host: host, port: port, path: path, maxBody: maxBodyBytes)
    }
}
