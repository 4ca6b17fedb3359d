/// The source of randomness for backoff jitter, injected so tests are deterministic.
public protocol GitLabJitter: Sendable {
    /// A random fraction in `0..<1`.
    func nextFraction() -> Double
}

/// Jitter from the system's random number generator.
public struct SystemGitLabJitter: GitLabJitter {
    /// Creates the system jitter source.
    public init() {}

    /// A uniformly random fraction in `0..<1`.
    public func nextFraction() -> Double { Double.random(in: 0..<1) }
}
