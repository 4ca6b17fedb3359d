import Foundation
import Synchronization

/// The fake's world behind a lock: builder calls write it, request handlers read (and sometimes write) it.
final class FakeGitLabStore: Sendable {
    private let world: Mutex<FakeWorld>
    let clock: any FakeGitLabClock
    let configuration: FakeGitLabConfiguration

    init(configuration: FakeGitLabConfiguration) {
        self.configuration = configuration
        self.clock = configuration.clock
        self.world = Mutex(FakeWorld(historyStart: configuration.historyStart))
    }

    /// Reads the world.
    func read<Result: Sendable>(_ body: (FakeWorld) -> Result) -> Result {
        world.withLock { world in body(world) }
    }

    /// Called after every change to the world, outside the lock (the webhook sender looks for new pushes).
    let afterWrite = Mutex<(@Sendable () -> Void)?>(nil)

    /// Changes the world.
    func write<Result: Sendable>(_ body: (inout FakeWorld) -> Result) -> Result {
        let result = world.withLock { world in body(&world) }
        afterWrite.withLock { $0 }?()
        return result
    }
}
