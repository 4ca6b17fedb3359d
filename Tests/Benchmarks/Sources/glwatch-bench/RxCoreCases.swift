import RxCore

/// The five cases written against RxCore, the way an RxSwift user would write them.
enum RxCoreCases {
    /// (a) Ints through map → filter → distinctUntilChanged → subscribe.
    static func mapFilterDistinct(count: Int) -> Int {
        var sum = 0
        _ = Observable.range(start: 0, count: count)
            .map { $0 / 2 }
            .filter { $0 % 3 != 0 }
            .distinctUntilChanged()
            .subscribe(onNext: { sum &+= $0 })
        return sum
    }

    /// (b) flatMap of each outer element to a small inner sequence.
    static func flatMap(outerCount: Int) -> Int {
        var sum = 0
        _ = Observable.range(start: 0, count: outerCount)
            .flatMap { value in Observable.from([value, value &+ 1, value &+ 2]) }
            .subscribe(onNext: { sum &+= $0 })
        return sum
    }

    /// (c) subscribe + dispose of a 3-operator chain on a live source.
    static func subscribeDispose(count: Int) -> Int {
        let subject = PublishSubject<Int>()
        let chain = subject.map { $0 &+ 1 }.filter { $0 % 2 == 0 }.map { $0 &* 3 }
        var received = 0
        for index in 0..<count {
            let subscription = chain.subscribe(onNext: { received &+= $0 })
            if index % 1000 == 0 {
                subject.onNext(index)
            }
            subscription.dispose()
        }
        return received
    }

    /// (d) a subject with `subscriberCount` subscribers and `eventCount` events.
    static func subjectFanOut(subscriberCount: Int, eventCount: Int) -> Int {
        let subject = PublishSubject<Int>()
        var sum = 0
        let subscriptions = (0..<subscriberCount).map { _ in subject.subscribe(onNext: { sum &+= $0 }) }
        for value in 0..<eventCount {
            subject.onNext(value)
        }
        subscriptions.forEach { $0.dispose() }
        return sum
    }

    /// (e) scan over the elements.
    static func scan(count: Int) -> Int {
        var last = 0
        _ = Observable.range(start: 0, count: count)
            .scan(0) { $0 &+ $1 }
            .subscribe(onNext: { last = $0 })
        return last
    }
}
