/// Read-only queries for the CLI (`glwatch status`, `events`, `deliveries`) and for metrics.
protocol StateQueries: Sendable {
    /// Every project with its heads, ordered by key (status per project).
    func projectStates() async throws -> [ProjectState]

    /// Stored events matching `filter`, newest first, each with its deliveries.
    func recentEvents(_ filter: EventFilter) async throws -> [StoredEvent]

    /// Deliveries matching `filter`, in queue order (oldest first).
    func deliveries(_ filter: DeliveryFilter) async throws -> [DeliveryRecord]

    /// Delivery attempts matching `filter`, newest first.
    func attempts(_ filter: AttemptFilter) async throws -> [AttemptRecord]

    /// Queue depth and dead letters per sink, events per type, projects per status.
    func metrics() async throws -> StoreMetrics
}
