import Foundation
import Notifier
import Synchronization

@testable import Watcher

/// A transport that answers from a script and records what it was asked, with the virtual time of each request.
final class ScriptedTransport: GitLabHTTPTransport {
    /// One scripted answer.
    enum Step: Sendable {
        case respond(GitLabHTTPResponse)
        case fail(GitLabTransportError)
    }

    /// A recorded request.
    struct Sent: Sendable {
        let request: GitLabHTTPRequest
        let at: TimeInterval
    }

    private let state: Mutex<(steps: [Step], sent: [Sent])>
    private let clock: @Sendable () -> TimeInterval

    init(_ steps: [Step], clock: @escaping @Sendable () -> TimeInterval) {
        self.state = Mutex((steps, []))
        self.clock = clock
    }

    var sent: [Sent] { state.withLock { $0.sent } }

    func execute(_ request: GitLabHTTPRequest) async throws(GitLabTransportError) -> GitLabHTTPResponse {
        let now = clock()
        let step = state.withLock { state -> Step? in
            state.sent.append(Sent(request: request, at: now))
            return state.steps.isEmpty ? nil : state.steps.removeFirst()
        }
        switch step {
        case .respond(let response): return response
        case .fail(let error): throw error
        case nil: return GitLabHTTPResponse(status: 599, body: Array("script exhausted".utf8))
        }
    }

    static func json(_ status: Int, _ body: String, headers: GitLabHTTPHeaders = [:]) -> Step {
        .respond(GitLabHTTPResponse(status: status, headers: headers, body: Array(body.utf8)))
    }
}

/// A random source that always returns the same fraction.
struct FixedJitter: RandomSource {
    let fraction: Double
    func nextUnit() -> Double { fraction }
}
