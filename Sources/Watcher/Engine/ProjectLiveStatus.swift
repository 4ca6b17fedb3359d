/// What the running engine knows about one project beyond the store: whether it is lagging, and what woke its last
/// poll. Kept in memory by its pipeline; a restart starts afresh.
struct ProjectLiveStatus: Sendable, Equatable {
    /// The lag watchdog reported it (`watcher.lagging`) and no poll has completed since.
    var lagging = false
    /// What started its last completed poll (`nil` before the first).
    var wokenBy: PollTrigger?
}
