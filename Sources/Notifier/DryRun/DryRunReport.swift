/// What the dry run found for one event: the routing decision and, per planned delivery, the exact message
/// that would be sent (or why it could not be built).
public struct DryRunReport: Sendable {
    /// One planned delivery and its message.
    public struct Delivery: Sendable {
        /// The plan: sink, rule, template, group.
        public var plan: PlannedDelivery
        /// The message, as it would be sent now (`nil` when it could not be built).
        public var message: SinkMessage?
        /// Why the message could not be built (unknown sink, template failure).
        public var error: String?
    }

    /// The event.
    public var event: WatchEvent
    /// The rules' decision, or `nil` when routing failed.
    public var decision: RoutingDecision?
    /// Why routing failed (changed paths unavailable).
    public var routingError: String?
    /// The deliveries with their messages.
    public var deliveries: [Delivery]

    /// The report as text: the event, the rules that matched, then each message with headers and body
    /// (URLs reduced to their host, secret headers redacted).
    public var text: String {
        var lines = ["event \(event.id) \(event.type) \(event.project.path)\(event.branch.map { "@\($0)" } ?? "")"]
        if let routingError {
            lines.append("  routing failed: \(routingError)")
            return lines.joined(separator: "\n")
        }
        guard let decision else { return lines.joined(separator: "\n") }
        lines.append(
            "  matched rules: \(decision.matchedRules.isEmpty ? "none" : decision.matchedRules.joined(separator: ", "))"
        )
        if let dropped = decision.droppedBy { lines.append("  dropped by rule \"\(dropped)\"") }
        if decision.deliveries.isEmpty, decision.droppedBy == nil { lines.append("  no deliveries") }
        for delivery in deliveries {
            var header = "  -> sink \"\(delivery.plan.sink)\" (rule \"\(delivery.plan.rule)\""
            if let template = delivery.plan.template { header += ", template \(template)" }
            if delivery.plan.groupKey != nil {
                header += ", digest until \(EventJSON.format(delivery.plan.notBefore))"
            }
            lines.append(header + ")")
            if let error = delivery.error { lines.append("     error: \(error)") }
            if let message = delivery.message {
                lines += message.displayText.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { "     \($0)" }
            }
        }
        return lines.joined(separator: "\n")
    }
}
