import Foundation
import RxCore
import Synchronization

extension HostLane {
    /// Runs `work` (a discovery listing, a change-feed read) in a slot of the lane, like a poll: it waits for a
    /// free slot and for a rate-limit pause to end, so discovery, the sweep and the hints of one host share its
    /// cap and pause together.
    func perform<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let outcome = Mutex<Result<T, any Error>?>(nil)
        _ = try await run(
            Single<PollOutcome>.create {
                do {
                    let value = try await work()
                    outcome.withLock { $0 = .success(value) }
                } catch {
                    outcome.withLock { $0 = .failure(error) }
                }
                return .unchanged
            }
        )
        .value
        guard let result = outcome.withLock({ $0 }) else { throw CancellationError() }
        return try result.get()
    }
}
