import Foundation
import RxCore
import XCTest

/// Base class of the RxCore test cases, as in RxSwift's own suite: around every test it checks that RxCore's
/// debug resource counter (`Resources.total`, compiled into debug builds) is back to where it started, so the
/// test that leaks a sink, disposable or observable is the one that fails.
///
/// Work that finishes on other threads (dispatch schedulers, stress tests) gets a short, bounded grace period to
/// release what it holds; the main run loop is spun meanwhile so `MainScheduler` work can drain.
class RxTest: XCTestCase {
    #if DEBUG
    private var startResourceCount = 0
    #endif

    override func setUp() {
        super.setUp()
        #if DEBUG
        startResourceCount = Resources.total
        #endif
    }

    override func tearDown() {
        #if DEBUG
        let deadline = Date().addingTimeInterval(2)
        while Resources.total != startResourceCount && Date() < deadline {
            _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.01))
        }
        XCTAssertEqual(
            Resources.total,
            startResourceCount,
            "RxCore resources leaked by this test (Resources.total before and after)"
        )
        #endif
        super.tearDown()
    }
}
