/// What started a poll: the status page's "woken by" column (kept in memory, never stored).
package enum PollTrigger: String, Sendable, Equatable, CaseIterable {
    /// The first poll after the pipeline started.
    case start
    /// The adaptive cadence's timer (`interval`, backing off towards `max_interval`).
    case timer
    /// The change feed covers the project, so its timer is the sweep (`engine.sweep_interval`).
    case sweep
    /// A change-feed hint: a push event naming the project, or its head moving in a GraphQL batch.
    case feed
    /// A GitLab webhook (instant mode): a push, or the project renamed or transferred.
    case hook
}
