import Synchronization
import Watcher

/// A transport that counts requests and response bytes, for the benchmarks' cost comparisons.
final class ByteCountingTransport: GitLabHTTPTransport {
    private let inner: any GitLabHTTPTransport
    private let counts = Mutex((requests: 0, bytes: 0))

    /// Wraps `inner`.
    init(wrapping inner: any GitLabHTTPTransport) { self.inner = inner }

    /// Requests and response body bytes since the last `reset()`.
    var totals: (requests: Int, bytes: Int) { counts.withLock { $0 } }

    /// Starts counting from zero.
    func reset() { counts.withLock { $0 = (0, 0) } }

    func execute(_ request: GitLabHTTPRequest) async throws(GitLabTransportError) -> GitLabHTTPResponse {
        let response = try await inner.execute(request)
        counts.withLock {
            $0.requests += 1
            $0.bytes += response.body.count
        }
        return response
    }
}
