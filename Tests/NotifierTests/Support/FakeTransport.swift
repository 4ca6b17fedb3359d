import Foundation
import Notifier
import Synchronization

/// An `HTTPTransport` that records requests and answers from a script, for tests.
final class FakeTransport: HTTPTransport {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// How the transport answers the n-th request (from 0).
    typealias Script = @Sendable (_ index: Int, _ request: SinkRequest) -> Result<SinkResponse, Failure>

    private let script: Script
    private let recorded = Mutex<[SinkRequest]>([])

    init(_ script: @escaping Script = { _, _ in .success(SinkResponse(status: 200)) }) {
        self.script = script
    }

    /// Answers with these statuses in turn, then 200.
    convenience init(statuses: [Int], headers: [(name: String, value: String)] = []) {
        self.init { index, _ in
            .success(SinkResponse(status: index < statuses.count ? statuses[index] : 200, headers: headers))
        }
    }

    var requests: [SinkRequest] { recorded.withLock { $0 } }

    func send(_ request: SinkRequest) async throws -> SinkResponse {
        let index = recorded.withLock { requests in
            requests.append(request)
            return requests.count - 1
        }
        return try script(index, request).get()
    }
}
