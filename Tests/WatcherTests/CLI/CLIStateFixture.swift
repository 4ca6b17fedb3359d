import Foundation
import Notifier

@testable import Watcher

/// A state with one project (`glwatch/sample`), every sample event, and deliveries in every state:
/// each event goes to `chat`; `commits.new` also to `ops`, where it is a dead letter after one attempt (HTTP 404);
/// `contributor.new`'s `chat` delivery is delivered; the rest wait.
enum CLIStateFixture {
    static let project = ProjectKey(instance: SampleEvents.project.instance, id: SampleEvents.project.id)

    /// The sample project's events (not the instance-wide `instance.*` and `token.*` ones), recorded at
    /// `Sample.time()` (the force-push two hours earlier than the rest).
    static var events: [WatchEvent] {
        SampleEvents.all(at: Sample.time()).filter { $0.project.key == SampleEvents.project.key }
    }

    /// Writes the fixture into the store.
    static func seed(_ store: any StateBackend) async throws {
        var record = ProjectRecord(key: project, path: SampleEvents.project.path)
        record.lastPollAt = Sample.time(3590)
        record.lastSuccessAt = Sample.time(3540)
        record.consecutiveFailures = 1
        record.lastError = "HTTP 503"
        let planned = try events.map { event in
            let createdAt = event.type == .branchForcePushed ? Sample.time(-7200) : Sample.time()
            var deliveries = [PlannedDelivery(sink: "chat", rule: "everything", notBefore: createdAt)]
            if event.type == .commitsNew {
                deliveries.append(PlannedDelivery(sink: "ops", rule: "pushes", notBefore: createdAt))
            }
            return PlannedEvent(event: try event.outboxEvent(createdAt: createdAt), deliveries: deliveries)
        }
        _ = try await store.apply(
            StateChange(
                at: Sample.time(),
                projects: [record],
                heads: [.set(project: project, branch: "main", sha: "abcdef1234567890abcdef1234567890abcdef12")],
                events: planned
            )
        )
        let ops = try await store.deliveries(DeliveryFilter(sink: "ops"))
        try await store.record(
            DeliveryAttempt(at: Sample.time(60), outcome: .dead, httpStatus: 404, error: "the webhook is gone"),
            forDelivery: ops[0].id
        )
        let contributor = try await store.deliveries(DeliveryFilter(sink: "chat", limit: 1000))
            .first { $0.eventType == "contributor.new" }!
        try await store.record(DeliveryAttempt(at: Sample.time(30), outcome: .delivered), forDelivery: contributor.id)
    }

    /// The stored id of the sample event of `type`.
    static func id(of type: EventType) -> String {
        events.first { $0.type == type }!.id
    }
}
