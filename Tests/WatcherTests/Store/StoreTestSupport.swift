import Foundation
import Notifier
import Testing

@testable import Watcher

/// A fresh directory under the system temp directory, removed when the value is released.
final class TemporaryDirectory {
    /// The directory's path.
    let path: String

    init() {
        path = NSTemporaryDirectory() + "glwatch-store-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A path inside the directory.
    func file(_ name: String) -> String { path + "/" + name }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Fixed test data: times, projects, SHAs, events.
enum Sample {
    /// A fixed point in time, plus `seconds`.
    static func time(_ seconds: TimeInterval = 0) -> Date {
        Date(timeIntervalSince1970: 1_700_000_000 + seconds)
    }

    static let projectA = ProjectKey(instance: "gitlab.example.com", id: 101)
    static let projectB = ProjectKey(instance: "gitlab.example.com", id: 202)

    /// A 40-digit SHA derived from `n`.
    static func sha(_ n: Int) -> String {
        let digits = String(n, radix: 16)
        return String(repeating: "0", count: 40 - digits.count) + digits
    }

    static func record(_ key: ProjectKey, path: String? = nil, status: ProjectStatus = .active) -> ProjectRecord {
        ProjectRecord(key: key, path: path ?? "group/project-\(key.id)", status: status)
    }

    static func event(
        _ id: String,
        project: ProjectKey = projectA,
        type: String = "commits.new",
        at seconds: TimeInterval = 0
    ) -> OutboxEvent {
        OutboxEvent(
            id: id,
            type: type,
            projectKey: project.description,
            branch: "main",
            payload: Data(#"{"id":"\#(id)"}"#.utf8),
            createdAt: time(seconds)
        )
    }

    /// A change recording both sample projects, and the given events, each planned for `sinks` at its own time.
    static func change(
        events: [OutboxEvent],
        sinks: [String] = ["ops"],
        groupKey: String? = nil,
        at seconds: TimeInterval = 0
    ) -> StateChange {
        StateChange(
            at: time(seconds),
            projects: [record(projectA), record(projectB)],
            events: events.map { event in
                PlannedEvent(
                    event: event,
                    deliveries: sinks.map { PlannedDelivery(sink: $0, groupKey: groupKey, notBefore: event.createdAt) }
                )
            }
        )
    }
}

extension SQLiteStateStore {
    /// Runs raw SQL returning one integer, for assertions on what is really stored.
    func count(_ sql: String) async throws -> Int {
        try await writer.read { db in try Int.fetchOne(db, sql: sql) ?? 0 }
    }
}
