import Foundation
import Notifier

extension OnceCommand {
    /// The retry policy of a one-shot run: at most two retries, backing off at most 2 s, so a flaky answer is
    /// still retried but an unreachable GitLab is not waited for as patiently as `glwatch run` would
    /// (5 retries up to 30 s each, per request).
    static let retry = RetryPolicy.gitLab(
        maximumRetries: 2,
        initialBackoff: .milliseconds(250),
        maximumBackoff: .seconds(2),
        maximumServerWait: .seconds(60)
    )

    /// Fails fast, naming the host, when an instance cannot be reached at all (connection refused, DNS, TLS,
    /// timeout), instead of letting every project's poll retry the same dead host.
    ///
    /// One request per instance (`GET /user`), never retried (`WatcherRuntime.probes`): any HTTP answer, even
    /// 401, proves the host is reachable (auth errors are then reported per project by the polls). The wait is
    /// bounded by the instance's `timeout` (and the 10 s connect timeout).
    ///
    /// - throws: `CLIError` naming the instance and host, with exit status 2 (a GitLab failure, like a failed
    ///   poll); the runtime is shut down first.
    static func checkReachable(_ runtime: WatcherRuntime) async throws {
        for (name, client) in runtime.probes.sorted(by: { $0.key < $1.key }) {
            do {
                _ = try await client.users.current()
            } catch {
                switch error {
                case .transport, .timeout:
                    await runtime.shutdown()
                    throw CLIError(
                        "cannot reach GitLab instance \(name) at \(client.host.absoluteString): \(error); "
                            + "nothing was polled",
                        exitStatus: 2
                    )
                default:
                    continue
                }
            }
        }
    }
}
