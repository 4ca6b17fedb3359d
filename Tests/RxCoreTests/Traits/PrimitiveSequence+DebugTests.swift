import RxCore
import RxCoreTest
import XCTest

final class PrimitiveSequenceDebugTests: RxTest {
    func testPrimitiveSequenceDebug_logsThroughTheHook() {
        let hooks = HookRecorder()
        defer { hooks.restore() }

        _ = Single.just(1).debug("single").subscribe()

        XCTAssertEqual(
            hooks.debugLines,
            ["single -> subscribed", "single -> Event next(1)", "single -> Event completed", "single -> isDisposed"]
        )
    }
}
