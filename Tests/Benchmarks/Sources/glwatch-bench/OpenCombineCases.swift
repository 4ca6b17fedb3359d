import OpenCombine

/// The same five cases written against OpenCombine. Sources are type-erased (`eraseToAnyPublisher()`), as an
/// app's publishers are; otherwise `Publishers.Sequence` folds the operators into eager array operations and the
/// benchmark would measure `Array.map`, not a reactive pipeline.
enum OpenCombineCases {
    /// (a) Ints through map → filter → removeDuplicates → sink.
    static func mapFilterDistinct(count: Int) -> Int {
        var sum = 0
        _ = (0..<count).publisher.eraseToAnyPublisher()
            .map { $0 / 2 }
            .filter { $0 % 3 != 0 }
            .removeDuplicates()
            .sink { sum &+= $0 }
        return sum
    }

    /// (b) flatMap of each outer element to a small inner sequence.
    static func flatMap(outerCount: Int) -> Int {
        var sum = 0
        _ = (0..<outerCount).publisher.eraseToAnyPublisher()
            .flatMap { value in [value, value &+ 1, value &+ 2].publisher.eraseToAnyPublisher() }
            .sink { sum &+= $0 }
        return sum
    }

    /// (c) subscribe + cancel of a 3-operator chain on a live source.
    static func subscribeDispose(count: Int) -> Int {
        let subject = PassthroughSubject<Int, Never>()
        let chain = subject.eraseToAnyPublisher().map { $0 &+ 1 }.filter { $0 % 2 == 0 }.map { $0 &* 3 }
        var received = 0
        for index in 0..<count {
            let cancellable = chain.sink { received &+= $0 }
            if index % 1000 == 0 {
                subject.send(index)
            }
            cancellable.cancel()
        }
        return received
    }

    /// (d) a subject with `subscriberCount` subscribers and `eventCount` events.
    static func subjectFanOut(subscriberCount: Int, eventCount: Int) -> Int {
        let subject = PassthroughSubject<Int, Never>()
        var sum = 0
        let cancellables = (0..<subscriberCount).map { _ in subject.sink { sum &+= $0 } }
        for value in 0..<eventCount {
            subject.send(value)
        }
        cancellables.forEach { $0.cancel() }
        return sum
    }

    /// (e) scan over the elements.
    static func scan(count: Int) -> Int {
        var last = 0
        _ = (0..<count).publisher.eraseToAnyPublisher()
            .scan(0) { $0 &+ $1 }
            .sink { last = $0 }
        return last
    }
}
