import RxCore

/// RxCore against itself: the same work through `Infallible` and through `Observable`, and with and without
/// `debug`, to show what the newer API costs. Run with the OpenCombine table by `glwatch-bench`.
enum OverheadCases {
    /// One row: `variant` measured against `baseline` (ratio = baseline time ÷ variant time; 1.00 = same cost).
    static func pair(
        _ name: String,
        unit: String,
        operations: Int,
        baseline: @escaping () -> Int,
        variant: @escaping () -> Int
    ) -> BenchmarkCase {
        // `measure` times the first closure as the subject and the second as the reference.
        BenchmarkCase(name: name, unit: unit, operations: operations, rxCore: variant, openCombine: baseline)
    }

    /// map → filter → distinctUntilChanged over `count` Ints, as an `Observable`.
    static func observableChain(count: Int) -> Int {
        var sum = 0
        _ = Observable.from(0..<count)
            .map { $0 / 2 }
            .filter { $0 % 3 != 0 }
            .distinctUntilChanged()
            .subscribe(onNext: { sum &+= $0 })
        return sum
    }

    /// The same chain as an `Infallible`.
    static func infallibleChain(count: Int) -> Int {
        var sum = 0
        _ = Infallible.from(0..<count)
            .map { $0 / 2 }
            .filter { $0 % 3 != 0 }
            .distinctUntilChanged()
            .subscribe(onNext: { sum &+= $0 })
        return sum
    }

    /// scan over `count` elements, as an `Observable`.
    static func observableScan(count: Int) -> Int {
        var last = 0
        _ = Observable.from(0..<count).scan(0) { $0 &+ $1 }.subscribe(onNext: { last = $0 })
        return last
    }

    /// scan over `count` elements, as an `Infallible`.
    static func infallibleScan(count: Int) -> Int {
        var last = 0
        _ = Infallible.from(0..<count).scan(0) { $0 &+ $1 }.subscribe(onNext: { last = $0 })
        return last
    }

    /// subscribe + dispose of a 3-operator chain over one relay, `count` times; `infallible` picks the API.
    static func subscribeDispose(count: Int, infallible: Bool) -> Int {
        let relay = PublishRelay<Int>()
        let base = relay.asInfallible()
        var received = 0
        let subscribe: () -> Disposable =
            infallible
            ? { base.map { $0 &+ 1 }.filter { $0 % 2 == 0 }.map { $0 &* 3 }.subscribe(onNext: { received &+= $0 }) }
            : {
                base.asObservable().map { $0 &+ 1 }.filter { $0 % 2 == 0 }.map { $0 &* 3 }
                    .subscribe(onNext: { received &+= $0 })
            }
        for index in 0..<count {
            let subscription = subscribe()
            if index % 1000 == 0 {
                relay.accept(index)
            }
            subscription.dispose()
        }
        return received
    }

    /// The Observable chain with `debug` in it, its output discarded: what `debug` costs where it is used.
    static func debugChain(count: Int) -> Int {
        let logger = Hooks.debugLogger
        Hooks.debugLogger = { _, _ in }
        defer { Hooks.debugLogger = logger }
        var sum = 0
        _ = Observable.from(0..<count)
            .map { $0 / 2 }
            .filter { $0 % 3 != 0 }
            .debug("bench")
            .distinctUntilChanged()
            .subscribe(onNext: { sum &+= $0 })
        return sum
    }
}
