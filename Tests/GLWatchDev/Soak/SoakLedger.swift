import Foundation
import Notifier
import Watcher

/// What the soak's webhook receiver got, de-duplicated by `webhook-id`, in the terms of `SoakTruth`: which
/// commits, branches, forced pushes and contributors were announced, and by how many distinct events each.
struct SoakLedger: Sendable {
    /// Requests answered 2xx.
    private(set) var accepted = 0
    /// Requests answered 503 (the receiver was down; glwatch must send them again).
    private(set) var refused = 0
    /// Accepted requests whose `webhook-id` had been accepted before: redeliveries, which receivers drop.
    private(set) var rawDuplicates = 0
    /// Requests without a valid `webhook-signature`.
    private(set) var badSignatures = 0
    /// Bodies that are not glwatch events.
    private(set) var unreadable: [String] = []
    /// Distinct events delivered (by `webhook-id`), by type.
    private(set) var eventsByType: [EventType: Int] = [:]
    /// Event ids that came under more than one `webhook-id` (the same event delivered as two messages).
    private(set) var repeatedEventIDs: [String] = []

    /// Commit events whose list left commits out (a push too large to carry whole: its middle is not checkable).
    private(set) var truncated = 0
    /// Distinct events announcing each commit.
    private(set) var commits: [String: Int] = [:]
    /// Where each announced commit was announced.
    private(set) var commitBranches: [String: SoakBranch] = [:]
    /// Distinct `branch.created` events per branch.
    private(set) var createdBranches: [SoakBranch: Int] = [:]
    /// Distinct `branch.force_pushed` events per branch.
    private(set) var forcePushes: [SoakBranch: Int] = [:]
    /// Distinct `contributor.new` events per author and project.
    private(set) var newContributors: [SoakContributor: Int] = [:]
    /// Branches and the heads glwatch announced them at.
    private var announcedHeads: Set<String> = []

    private var webhookIDs: Set<String> = []
    private var eventIDs: Set<String> = []
    private var read = 0

    /// Distinct deliveries (by `webhook-id`).
    var delivered: Int { webhookIDs.count }

    /// Whether glwatch announced `branch` at `head` (a `commits.new`, `branch.created` or forced push ending there).
    func isAnnounced(_ branch: SoakBranch, at head: String) -> Bool {
        announcedHeads.contains("\(branch) \(head)")
    }

    /// Reads the deliveries not read yet (`deliveries` is the receiver's whole list, in arrival order).
    mutating func ingest(_ deliveries: [SoakReceiver.Delivery]) {
        guard deliveries.count > read else { return }
        for delivery in deliveries[read...] {
            if !delivery.signatureValid { badSignatures += 1 }
            guard delivery.accepted else {
                refused += 1
                continue
            }
            accepted += 1
            guard webhookIDs.insert(delivery.webhookID).inserted else {
                rawDuplicates += 1
                continue
            }
            do {
                for event in try Self.events(in: delivery.body) { record(event) }
            } catch {
                unreadable.append("\(delivery.webhookID): \(error)")
            }
        }
        read = deliveries.count
    }

    private mutating func record(_ event: WatchEvent) {
        guard eventIDs.insert(event.id).inserted else {
            repeatedEventIDs.append(event.id)
            return
        }
        eventsByType[event.type, default: 0] += 1
        let branch = SoakBranch(project: event.project.path, branch: event.branch ?? "")
        switch event.details {
        case .commitsNew(let details):
            announcedHeads.insert("\(branch) \(details.after)")
            if details.commits.isTruncated { truncated += 1 }
        case .branchCreated(let details):
            createdBranches[branch, default: 0] += 1
            announcedHeads.insert("\(branch) \(details.head)")
        case .branchForcePushed(let details):
            forcePushes[branch, default: 0] += 1
            if details.commits.isTruncated { truncated += 1 }
            announcedHeads.insert("\(branch) \(details.newHead)")
        case .contributorNew(let details):
            let who = SoakContributor(project: event.project.path, email: details.contributor.email.lowercased())
            newContributors[who, default: 0] += 1
        default:
            break
        }
        if event.type == .commitsNew || event.type == .branchForcePushed {
            for commit in event.commits {
                commits[commit.id, default: 0] += 1
                commitBranches[commit.id] = branch
            }
        }
    }

    /// The events in a webhook body: one event, or a digest's.
    static func events(in body: Data) throws -> [WatchEvent] {
        let decoder = EventJSON.decoder()
        struct Envelope: Decodable { var type: String }
        struct Digest: Decodable {
            struct Events: Decodable { var events: [WatchEvent] }
            var data: Events
        }
        if try decoder.decode(Envelope.self, from: body).type == "digest" {
            return try decoder.decode(Digest.self, from: body).data.events
        }
        return [try decoder.decode(WatchEvent.self, from: body)]
    }
}
