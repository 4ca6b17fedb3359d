@testable import Watcher

/// A transport that rewrites requests before sending them (a misbehaving proxy or pagination).
final class RewritingTransport: GitLabHTTPTransport {
    private let base: any GitLabHTTPTransport
    private let rewrite: @Sendable (GitLabHTTPRequest) -> GitLabHTTPRequest

    init(_ base: any GitLabHTTPTransport, rewrite: @escaping @Sendable (GitLabHTTPRequest) -> GitLabHTTPRequest) {
        self.base = base
        self.rewrite = rewrite
    }

    func execute(_ request: GitLabHTTPRequest) async throws(GitLabTransportError) -> GitLabHTTPResponse {
        try await base.execute(rewrite(request))
    }
}
