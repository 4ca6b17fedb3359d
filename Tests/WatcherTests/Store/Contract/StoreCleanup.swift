import Synchronization
import Testing

/// Closes the stores and removes the databases a test opened with `StoreKind`, when that test (each case of a
/// parameterized test) ends, passed or failed: a PostgreSQL store holds connections until it is closed.
///
/// Apply it to a suite with `@Suite(.closesStores)`.
struct StoreCleanup: SuiteTrait, TestTrait, TestScoping {
    /// The clean-ups of the running test case, last added first run.
    @TaskLocal static var current: Bag?

    /// The clean-ups registered by one test case.
    final class Bag: Sendable {
        private let actions = Mutex<[@Sendable () async -> Void]>([])

        func add(_ action: @escaping @Sendable () async -> Void) {
            actions.withLock { $0.append(action) }
        }

        func run() async {
            let pending = actions.withLock { actions in
                defer { actions = [] }
                return actions
            }
            for action in pending.reversed() { await action() }
        }
    }

    /// Registers `action` to run when the current test case ends; a test outside `.closesStores` is a mistake.
    static func add(_ action: @escaping @Sendable () async -> Void) {
        guard let current else {
            Issue.record("a store was opened outside a `.closesStores` suite: add the trait, or it is never closed")
            return
        }
        current.add(action)
    }

    var isRecursive: Bool { true }

    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let bag = Bag()
        do {
            try await Self.$current.withValue(bag) { try await function() }
        } catch {
            await bag.run()
            throw error
        }
        await bag.run()
    }
}

extension Trait where Self == StoreCleanup {
    /// Closes every store (and removes every database) a test case opened through `StoreKind`, when it ends.
    static var closesStores: Self { Self() }
}
