import Foundation
import Synchronization

@testable import Watcher

/// A transport that fails a share of requests the way a struggling GitLab does — HTTP 500 with GitLab's body, or a
/// timeout, or a reset connection — as a rule on the request decides (a test seeds its own generator for random
/// shares, so a run replays).
final class FlakyTransport: GitLabHTTPTransport {
    /// What happens to one request.
    enum Fault: Sendable {
        case status500
        case timeout
        case connectionReset
    }

    private let base: any GitLabHTTPTransport
    private let decide: @Sendable (GitLabHTTPRequest) -> Fault?
    private let counts = Mutex((requests: 0, faults: 0))

    /// Fails the requests `decide` picks.
    init(_ base: any GitLabHTTPTransport, decide: @escaping @Sendable (GitLabHTTPRequest) -> Fault?) {
        self.base = base
        self.decide = decide
    }

    /// Requests seen and faults injected so far.
    var tally: (requests: Int, faults: Int) { counts.withLock { $0 } }

    func execute(_ request: GitLabHTTPRequest) async throws(GitLabTransportError) -> GitLabHTTPResponse {
        let fault = decide(request)
        counts.withLock {
            $0.requests += 1
            if fault != nil { $0.faults += 1 }
        }
        switch fault {
        case .status500:
            return GitLabHTTPResponse(status: 500, body: Array(#"{"message":"500 Internal Server Error"}"#.utf8))
        case .timeout:
            throw .timeout
        case .connectionReset:
            throw .connection("connection reset by peer")
        case nil:
            return try await base.execute(request)
        }
    }
}
