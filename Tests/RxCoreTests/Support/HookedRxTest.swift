import RxCore

/// An `RxTest` whose tests see RxCore's global hooks recorded (`hooks.debugLines`, `hooks.programmingErrors`,
/// `hooks.unhandledErrors`); the original hooks are put back after each test.
class HookedRxTest: RxTest {
    private(set) var hooks: HookRecorder!

    override func setUp() {
        super.setUp()
        hooks = HookRecorder()
    }

    override func tearDown() {
        hooks.restore()
        hooks = nil
        super.tearDown()
    }
}
