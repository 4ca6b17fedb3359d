import Foundation
import Synchronization
import Testing

@testable import Watcher

/// Remembering delivery keys briefly, within bounded memory.
@Suite struct HookRepeatsTests {
    /// A clock the test moves by hand.
    final class Clock: Sendable {
        let seconds = Mutex<TimeInterval>(0)
        var now: @Sendable () -> Date { { Date(timeIntervalSince1970: self.seconds.withLock { $0 }) } }
        func advance(_ by: TimeInterval) { seconds.withLock { $0 += by } }
    }

    @Test func testIsRepeat_aKeySeenWithinTheWindowIsARepeat() {
        let clock = Clock()
        let repeats = HookRepeats(window: 600, now: clock.now)
        #expect(!repeats.isRepeat("a"))
        clock.advance(599)
        #expect(repeats.isRepeat("a"))
        #expect(!repeats.isRepeat("b"))
    }

    @Test func testIsRepeat_aKeyIsForgottenAfterTheWindow() {
        let clock = Clock()
        let repeats = HookRepeats(window: 600, now: clock.now)
        _ = repeats.isRepeat("a")
        clock.advance(600)
        #expect(!repeats.isRepeat("a"))
        #expect(repeats.count == 1)
    }

    @Test func testIsRepeat_aFloodOfKeysKeepsOnlyTheNewestCapacity() {
        let clock = Clock()
        let repeats = HookRepeats(window: 600, capacity: 3, now: clock.now)
        for key in ["a", "b", "c", "d"] { _ = repeats.isRepeat(key) }
        #expect(repeats.count == 3)
        #expect(!repeats.isRepeat("a"))  // evicted, so seen as new
        #expect(repeats.isRepeat("d"))
    }
}
