import Foundation

/// Shows what glwatch would do with events — which rules match and the exact messages (headers and body)
/// each sink would get — without sending anything; and sends a single test message to one sink.
public struct DryRun: Sendable {
    private let router: EventRouter
    private let sinks: [String: any Sink]
    private let templates: [String: MessageTemplate]

    /// Creates a dry run over a router, the sinks and the templates rules may name.
    public init(router: EventRouter, sinks: [any Sink], templates: [String: MessageTemplate] = [:]) {
        self.router = router
        self.sinks = Dictionary(sinks.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.templates = templates
    }

    /// Routes each event and builds the messages, as if sent at `time`.
    ///
    /// - parameter changedPaths: Answers `paths` conditions (the live GitLab one, or fixed paths).
    public func evaluate(
        _ events: [WatchEvent],
        at time: Date,
        changedPaths: (any ChangedPathsProvider)? = nil
    )
        async -> [DryRunReport]
    {
        var reports: [DryRunReport] = []
        for event in events {
            let decision: RoutingDecision
            do {
                decision = try await router.route(event, changedPaths: changedPaths)
            } catch {
                reports.append(DryRunReport(event: event, decision: nil, routingError: "\(error)", deliveries: []))
                continue
            }
            let deliveries = decision.deliveries.map { plan in
                guard let sink = sinks[plan.sink] else {
                    return DryRunReport.Delivery(plan: plan, message: nil, error: "no sink named \"\(plan.sink)\"")
                }
                let batch = DeliveryBatch(events: [event], template: plan.template.flatMap { templates[$0] })
                do {
                    return DryRunReport.Delivery(plan: plan, message: try sink.makeMessage(for: batch, at: time))
                } catch {
                    return DryRunReport.Delivery(plan: plan, message: nil, error: "\(error)")
                }
            }
            reports.append(DryRunReport(event: event, decision: decision, deliveries: deliveries))
        }
        return reports
    }

    /// Sends one sample message to a sink now, bypassing rules, queue and retries; returns what was sent and
    /// how the service answered.
    public static func sendTestMessage(to sink: any Sink, at time: Date) async -> (SinkMessage?, SendResult) {
        // A fresh id per test, so receivers that de-duplicate by id show every test message.
        var event = SampleEvents.commitsNew(at: time)
        event.id = "glwatch-test-\(Int64((time.timeIntervalSince1970 * 1000).rounded(.down)))"
        let batch = DeliveryBatch(events: [event])
        do {
            let message = try sink.makeMessage(for: batch, at: time)
            return (message, await sink.send(message))
        } catch {
            return (nil, .failed(SendFailure(retryable: false, reason: "cannot build the message: \(error)")))
        }
    }
}
