import RxCore

/// A transport that counts every HTTP exchange with GitLab by host and status, and times it; the requests
/// themselves go to the wrapped transport unchanged.
///
/// It sits under the client, so each attempt is counted (a `GET` retried after a `503` is two requests, as GitLab
/// sees it). Wrap the live transport in the composition root:
/// `MeteredGitLabTransport(wrapping: try AsyncHTTPClientGitLabTransport(), metrics: metrics, clock: scheduler)`.
struct MeteredGitLabTransport: GitLabHTTPTransport {
    /// The transport doing the work.
    let inner: any GitLabHTTPTransport
    /// Where the counts go.
    let metrics: WatcherMetrics
    /// The clock durations are read from (the client's scheduler).
    let clock: any SchedulerType

    /// Wraps `inner`.
    init(wrapping inner: any GitLabHTTPTransport, metrics: WatcherMetrics, clock: any SchedulerType) {
        self.inner = inner
        self.metrics = metrics
        self.clock = clock
    }

    func execute(_ request: GitLabHTTPRequest) async throws(GitLabTransportError) -> GitLabHTTPResponse {
        let host = GitLabRequestExecutor.hostName(of: request.url)
        let started = clock.now
        metrics.requestHistory.record(at: started)
        do {
            let response = try await inner.execute(request)
            metrics.recordRequest(
                host: host,
                status: String(response.status),
                duration: clock.now.timeIntervalSince(started)
            )
            return response
        } catch {
            metrics.recordRequest(
                host: host,
                status: WatcherMetrics.label(error),
                duration: clock.now.timeIntervalSince(started)
            )
            throw error
        }
    }
}
