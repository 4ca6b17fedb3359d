import Foundation
import Notifier

@testable import Watcher

/// A state with something in every table, written through the store's own API: the CLI fixture's project and
/// events (deliveries pending, delivered and dead), two more projects with heads, contributors, reported commits,
/// tags, watch starts and a webhook time, and deliveries that were retried (failed, attempts 1) and grouped.
enum StateTransferFixture {
    /// The sink whose queue the tests compare.
    static let sinks = ["chat", "ops"]
    /// A moment after every queued delivery is due.
    static let later = Sample.time(86_400)

    /// Writes the fixture into `store`.
    static func seed(_ store: any StateBackend) async throws {
        try await CLIStateFixture.seed(store)
        var change = Sample.change(
            events: [
                Sample.event("e-a1", at: 10), Sample.event("e-a2", at: 20),
                Sample.event("e-b1", project: Sample.projectB, at: 30),
            ],
            sinks: sinks,
            groupKey: "digest",
            at: 40
        )
        change.heads = [
            .set(project: Sample.projectA, branch: "main", sha: Sample.sha(1)),
            .set(project: Sample.projectA, branch: "release/1.0", sha: Sample.sha(2)),
            .set(project: Sample.projectB, branch: "main", sha: Sample.sha(3)),
        ]
        change.tags = [
            .track(project: Sample.projectA),
            .set(project: Sample.projectA, tag: "v1.0", sha: Sample.sha(1), message: "Release 1.0\n\"quoted\" ünïcode"),
            .set(project: Sample.projectA, tag: "nightly", sha: Sample.sha(2), message: nil),
        ]
        change.contributors = [
            .init(
                project: Sample.projectA,
                contributor: Contributor(
                    email: "Ann@Example.com",
                    name: "Ann",
                    firstCommit: Sample.sha(1),
                    firstSeenAt: Sample.time(5)
                )
            )
        ]
        change.reportedCommits = [.init(project: Sample.projectA, shas: [Sample.sha(1), Sample.sha(2)])]
        _ = try await store.apply(change)
        _ = try await store.beginWatching([
            .project(Sample.projectA, since: Sample.time(1)),
            .project(ProjectKey(instance: "gitlab.example.com", id: 303), since: Sample.time(2), isNew: true),
            .target(instance: "gitlab.example.com", scope: "group acme", since: Sample.time(0)),
        ])
        try await store.recordHooks([IdlePoll(project: Sample.projectA, at: Sample.time(45))])
        // The first of project A's "ops" deliveries failed once and waits for its retry.
        let ops = try await store.deliveries(DeliveryFilter(sink: "ops", limit: 1000))
        let first = try require(ops.first { $0.eventID == "e-a1" })
        try await store.record(
            DeliveryAttempt(
                at: Sample.time(50),
                outcome: .retry(at: Sample.time(300)),
                httpStatus: 502,
                error: "bad gateway"
            ),
            forDelivery: first.id
        )
    }
}

/// Throws when `value` is nil (the fixture's own `#require`, usable outside a test body).
private func require<T>(_ value: T?) throws -> T {
    guard let value else { throw CLIError("fixture: a delivery is missing") }
    return value
}
