import Synchronization

@testable import Watcher

/// Wraps a transport and reports how each request ended, so a test can see a request being cancelled.
final class RecordingTransport: GitLabHTTPTransport {
    /// How one request ended.
    enum Outcome: Sendable, Equatable {
        case answered(Int)
        case failed(GitLabTransportError)
    }

    private let inner: any GitLabHTTPTransport
    let outcomes: AsyncStream<Outcome>
    private let continuation: AsyncStream<Outcome>.Continuation

    init(_ inner: any GitLabHTTPTransport) {
        self.inner = inner
        (outcomes, continuation) = AsyncStream.makeStream()
    }

    func execute(_ request: GitLabHTTPRequest) async throws(GitLabTransportError) -> GitLabHTTPResponse {
        do {
            let response = try await inner.execute(request)
            continuation.yield(.answered(response.status))
            return response
        } catch {
            continuation.yield(.failed(error))
            throw error
        }
    }
}
