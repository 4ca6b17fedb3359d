import RxCore
import RxCoreTest
import XCTest

final class DisposeBagBuilderTests: RxTest {
    func testDisposeBagBuilder_init_holdsEveryListedDisposableUntilTheBagGoes() {
        // Given two subscriptions gathered by the builder
        let first = BooleanDisposable()
        let second = BooleanDisposable()
        var bag: DisposeBag? = DisposeBag {
            first
            second
        }
        XCTAssertFalse(first.isDisposed || second.isDisposed)

        // When the bag is released
        bag = nil

        // Then both are disposed
        XCTAssertNil(bag)
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
