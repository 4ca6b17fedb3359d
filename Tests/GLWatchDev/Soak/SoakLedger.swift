import FakeGitLab
import Foundation
import Watcher

/// What the soak's webhook receiver got, in the terms of `FakeGroundTruth`: which commits, branches, forced
/// pushes, contributors and removed projects were announced, by how many distinct events each, and which events
/// the `paths:` rule's sink got.
///
/// Deliveries are de-duplicated by `webhook-id` per sink, the way a Standard Webhooks receiver does: a `webhook-id`
/// acknowledged again is counted (`redelivered`) and dropped, never accepted twice. glwatch sends again what it
/// could not record as acknowledged — a SIGKILL between the receiver's 2xx and the store's write leaves that
/// window open, as in any at-least-once delivery over HTTP — and the stable id is what makes that harmless.
struct SoakLedger: Sendable {
    /// The sink every event goes to.
    static let mainSink = "receiver"
    /// The sink the `paths:` rule routes to.
    static let pathsSink = "audit"

    /// Requests answered 2xx.
    private(set) var accepted = 0
    /// Requests turned away (503, hung, dropped), by how.
    private(set) var turnedAway: [SoakReceiver.Mode: Int] = [:]
    /// Acknowledged requests whose `webhook-id` had been acknowledged before on the same sink: redeliveries,
    /// which the receiver drops.
    private(set) var redelivered = 0
    /// Requests without a valid `webhook-signature`.
    private(set) var badSignatures = 0
    /// Bodies that are not glwatch events.
    private(set) var unreadable: [String] = []
    /// Distinct events of the main sink, by type.
    private(set) var eventsByType: [String: Int] = [:]
    /// Event ids delivered under more than one `webhook-id` on one sink (the same event sent as two messages).
    private(set) var repeatedEventIDs: [String] = []
    /// Distinct main-sink events listing each commit, by project id and SHA.
    private(set) var commits: [Int64: [String: Int]] = [:]
    /// Main-sink events that left commits out of their list (a push too large to list whole).
    private(set) var truncated: [SoakPayload] = []
    /// Distinct `branch.created`, `branch.deleted`, `branch.force_pushed` events per branch.
    private(set) var createdBranches: [FakeGroundTruth.Branch: Int] = [:]
    private(set) var deletedBranches: [FakeGroundTruth.Branch: Int] = [:]
    private(set) var forcePushes: [FakeGroundTruth.Branch: Int] = [:]
    /// Distinct `contributor.new` events per author and project.
    private(set) var newContributors: [FakeGroundTruth.Contributor: Int] = [:]
    /// Distinct `project.removed` events per project id.
    private(set) var removedProjects: [Int64: Int] = [:]
    /// The main sink's `commits.new` events, by event id (what the `paths:` rule chose from).
    private(set) var commitEvents: [String: SoakPayload] = [:]
    /// The `paths:` sink's events, by event id.
    private(set) var pathsEvents: [String: SoakPayload] = [:]

    private var announcedHeads: Set<String> = []
    private var webhookIDs: Set<String> = []
    private var eventWebhooks: [String: String] = [:]
    private var read = 0

    /// Distinct deliveries (by sink and `webhook-id`).
    var delivered: Int { webhookIDs.count }

    /// Whether glwatch announced `branch` of `project` at `head` (an event that left the branch there).
    func isAnnounced(project: String, branch: String, at head: String) -> Bool {
        announcedHeads.contains("\(project)@\(branch) \(head)")
    }

    /// Reads the deliveries not read yet (`deliveries` is the receiver's whole list, in arrival order).
    mutating func ingest(_ deliveries: [SoakReceiver.Delivery]) {
        guard deliveries.count > read else { return }
        for delivery in deliveries[read...] {
            if !delivery.signatureValid { badSignatures += 1 }
            guard delivery.accepted else {
                turnedAway[delivery.mode, default: 0] += 1
                continue
            }
            accepted += 1
            guard webhookIDs.insert("\(delivery.sink) \(delivery.webhookID)").inserted else {
                redelivered += 1
                continue
            }
            do {
                for event in try SoakPayload.announcements(in: delivery.body) {
                    record(event, sink: delivery.sink, webhookID: delivery.webhookID)
                }
            } catch {
                unreadable.append("\(delivery.sink) \(delivery.webhookID): \(error)")
            }
        }
        read = deliveries.count
    }

    private mutating func record(_ event: SoakPayload, sink: String, webhookID: String) {
        let key = "\(sink) \(event.id)"
        if let earlier = eventWebhooks[key] {
            if earlier != webhookID { repeatedEventIDs.append("\(event.type) \(event.id) on \(sink)") }
            return
        }
        eventWebhooks[key] = webhookID
        guard sink == Self.mainSink else {
            if sink == Self.pathsSink { pathsEvents[event.id] = event }
            return
        }
        eventsByType[event.type, default: 0] += 1
        guard let project = event.data.project else { return }
        let branch = FakeGroundTruth.Branch(projectID: project.id, path: project.path, branch: event.data.branch ?? "")
        if let head = event.resultingHead { announcedHeads.insert("\(project.path)@\(branch.branch) \(head)") }
        switch event.type {
        case "commits.new", "branch.force_pushed":
            if event.type == "commits.new" { commitEvents[event.id] = event }
            if event.type == "branch.force_pushed" { forcePushes[branch, default: 0] += 1 }
            for sha in event.commitIDs { commits[project.id, default: [:]][sha, default: 0] += 1 }
            if event.omitted > 0 { truncated.append(event) }
        case "branch.created":
            createdBranches[branch, default: 0] += 1
        case "branch.deleted":
            deletedBranches[branch, default: 0] += 1
        case "contributor.new":
            let email = event.data.contributor?.email ?? ""
            newContributors[FakeGroundTruth.Contributor(projectID: project.id, path: project.path, email: email), default: 0] += 1
        case "project.removed":
            removedProjects[project.id, default: 0] += 1
        default:
            break
        }
    }
}
