/// What one poll did, as a pipeline reports it: its outcome and what it stored.
struct PollResult: Sendable, Equatable {
    /// What the poll found.
    var outcome: PollOutcome
    /// Events it stored.
    var eventsStored: Int = 0
    /// Deliveries it queued.
    var deliveriesQueued: Int = 0
    /// Why it failed, when it did.
    var failure: String?
    /// Whether the project has a stored baseline after the poll (a failed first poll leaves it without one).
    var baselined: Bool = true
    /// Whether the project is stalled after the poll (`project.stalled`).
    var stalled = false
}
