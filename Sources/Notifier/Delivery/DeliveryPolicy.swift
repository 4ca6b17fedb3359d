/// How one sink's deliveries are paced and retried.
public struct DeliveryPolicy: Sendable, Hashable {
    /// Backoff, `Retry-After` and giving up.
    public var retry: RetryPolicy
    /// When to stop trying for a while.
    public var breaker: CircuitBreaker.Policy
    /// The sending rate, or `nil` for none.
    public var rateLimit: RateLimit?
    /// How many due deliveries are fetched from the queue at a time.
    public var batchSize: Int

    /// Creates a policy.
    public init(
        retry: RetryPolicy = RetryPolicy(),
        breaker: CircuitBreaker.Policy = CircuitBreaker.Policy(),
        rateLimit: RateLimit? = nil,
        batchSize: Int = 50
    ) {
        self.retry = retry
        self.breaker = breaker
        self.rateLimit = rateLimit
        self.batchSize = max(1, batchSize)
    }
}
