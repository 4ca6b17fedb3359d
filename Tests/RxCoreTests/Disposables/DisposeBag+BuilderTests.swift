import RxCore
import RxCoreTest
import XCTest

final class DisposeBagBuilderTests: RxTest {
    func testDisposeBagBuilder_init_holdsEveryListedDisposableUntilTheBagGoes() {
        // Given two subscriptions gathered by the builder
        let first = BooleanDisposable()
        let second = BooleanDisposable()
        do {
            let bag = DisposeBag {
                first
                second
            }
            withExtendedLifetime(bag) {
                XCTAssertFalse(first.isDisposed || second.isDisposed)
            }
        }  // When the bag is released

        // Then both are disposed
        XCTAssertTrue(first.isDisposed && second.isDisposed)
    }

    func testDisposeBagBuilder_insert_addsSubscriptions() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var bag = DisposeBag()

        bag.insert {
            subject.subscribe(onNext: { received.append($0) })
            subject.map { $0 * 10 }.subscribe(onNext: { received.append($0) })
        }
        subject.onNext(1)
        bag = DisposeBag()
        subject.onNext(2)

        XCTAssertEqual(received, [1, 10])
    }
}
