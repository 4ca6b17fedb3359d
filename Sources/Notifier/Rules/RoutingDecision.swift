/// What the rules decided for one event: which rules matched, in order, and the deliveries to queue.
public struct RoutingDecision: Sendable, Hashable {
    /// The rules that matched, in evaluation order (a `drop` rule is the last one).
    public var matchedRules: [String]
    /// The deliveries, at most one per sink (the first rule to name a sink decides its template and group).
    public var deliveries: [PlannedDelivery]
    /// The `drop` rule that silenced the event, if one did.
    public var droppedBy: String?

    /// Creates a decision.
    public init(matchedRules: [String] = [], deliveries: [PlannedDelivery] = [], droppedBy: String? = nil) {
        self.matchedRules = matchedRules
        self.deliveries = deliveries
        self.droppedBy = droppedBy
    }
}
