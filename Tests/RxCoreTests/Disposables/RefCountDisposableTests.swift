import RxCore
import RxCoreTest
import XCTest

final class RefCountDisposableTests: RxTest {
    func testRefCountDisposable_noDependents_disposesAtOnce() {
        let underlying = BooleanDisposable()
        let refCount = RefCountDisposable(disposable: underlying)

        refCount.dispose()

        XCTAssertTrue(underlying.isDisposed)
        XCTAssertTrue(refCount.isDisposed)
    }

    func testRefCountDisposable_waitsForEveryDependent() {
        let underlying = BooleanDisposable()
        let refCount = RefCountDisposable(disposable: underlying)
        let first = refCount.retain()
        let second = refCount.retain()

        refCount.dispose()
        XCTAssertFalse(underlying.isDisposed)
        first.dispose()
        first.dispose()
        XCTAssertFalse(underlying.isDisposed, "disposing one dependent twice must count once")
        second.dispose()

        XCTAssertTrue(underlying.isDisposed)
    }

    func testRefCountDisposable_dependentsReleasedFirst_primaryDisposeStillRequired() {
        let underlying = BooleanDisposable()
        let refCount = RefCountDisposable(disposable: underlying)

        refCount.retain().dispose()
        XCTAssertFalse(underlying.isDisposed)

        refCount.dispose()
        XCTAssertTrue(underlying.isDisposed)
    }

    func testRefCountDisposable_retainAfterDisposal_returnsANoOp() {
        let underlying = BooleanDisposable()
        let refCount = RefCountDisposable(disposable: underlying)
        refCount.dispose()

        refCount.retain().dispose()

        XCTAssertTrue(underlying.isDisposed)
    }
}
