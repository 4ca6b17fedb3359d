@testable import Watcher

/// A transport that rewrites requests before sending them and answers after receiving them (a misbehaving proxy
/// or pagination).
final class RewritingTransport: GitLabHTTPTransport {
    private let base: any GitLabHTTPTransport
    private let rewrite: @Sendable (GitLabHTTPRequest) -> GitLabHTTPRequest
    private let answer: @Sendable (GitLabHTTPRequest, GitLabHTTPResponse) -> GitLabHTTPResponse

    init(
        _ base: any GitLabHTTPTransport,
        rewrite: @escaping @Sendable (GitLabHTTPRequest) -> GitLabHTTPRequest = { $0 },
        answer: @escaping @Sendable (GitLabHTTPRequest, GitLabHTTPResponse) -> GitLabHTTPResponse = { $1 }
    ) {
        self.base = base
        self.rewrite = rewrite
        self.answer = answer
    }

    func execute(_ request: GitLabHTTPRequest) async throws(GitLabTransportError) -> GitLabHTTPResponse {
        let sent = rewrite(request)
        return answer(sent, try await base.execute(sent))
    }
}

extension RewritingTransport {
    /// A wrap for the test harnesses under which `GET /projects/<projectID>` answers 403 while `budget` lasts (one
    /// answer each): a project whose first poll fails, so it has no baseline yet.
    static func forbiddingRecord(
        of projectID: Int64, while budget: LossBudget
    ) -> @Sendable (any GitLabHTTPTransport) -> any GitLabHTTPTransport {
        { base in
            RewritingTransport(base, answer: { request, response in
                guard request.url.path.hasSuffix("/projects/\(projectID)"), budget.take() else { return response }
                return GitLabHTTPResponse(status: 403, body: Array("{\"message\":\"403 Forbidden\"}".utf8))
            })
        }
    }
}
