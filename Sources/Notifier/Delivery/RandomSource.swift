/// glwatch's one source of randomness (retry and backoff jitter, poll phases): injected so tests choose it.
public protocol RandomSource: Sendable {
    /// A number in `0..<1`.
    func nextUnit() -> Double
}

/// The system's random numbers.
public struct SystemRandomSource: RandomSource {
    /// Creates the live source.
    public init() {}

    /// A uniformly distributed number in `0..<1`.
    public func nextUnit() -> Double {
        Double.random(in: 0..<1)
    }
}
