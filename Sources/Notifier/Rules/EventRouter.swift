import Foundation

/// Decides, before an event is stored, which sinks hear about it.
///
/// Rules are tried top to bottom; the first match wins, unless it says `continue`; a matching `drop` rule
/// silences the event for every rule below it (deliveries already chosen by `continue` rules above stand).
/// A rule with `group_window` puts its deliveries in a digest: windows are aligned to the clock (a 10-minute
/// window collects 10:00–10:10), one per rule, sink and project, so the key is the same whoever computes it
/// and whenever, and a restart cannot split a digest.
public struct EventRouter: Sendable {
    /// The rules, in order.
    public let rules: [Rule]

    /// Creates a router over a rule set.
    public init(rules: [Rule]) {
        self.rules = rules
    }

    /// Routes an event.
    ///
    /// - parameter changedPaths: Asked (once) only if a rule with a `paths` condition needs it. When the list it
    ///   gives is truncated (GitLab cut a large diff short), a `paths` condition matches: a rule that might apply is
    ///   not silently skipped.
    /// - throws: `RoutingError` when changed paths are needed and cannot be had.
    public func route(_ event: WatchEvent, changedPaths: (any ChangedPathsProvider)?) async throws -> RoutingDecision {
        var decision = RoutingDecision()
        var paths: ChangedPaths?
        for rule in rules {
            guard rule.conditions.matchesIgnoringPaths(event) else { continue }
            if rule.conditions.needsChangedPaths {
                if paths == nil {
                    guard let changedPaths else {
                        throw RoutingError(rule: rule.name, reason: "no changed-paths provider was given")
                    }
                    do {
                        paths = try await changedPaths.changeSet(for: event)
                    } catch {
                        throw RoutingError(rule: rule.name, reason: "\(error)")
                    }
                }
                guard let paths, paths.isTruncated || rule.conditions.matchesPaths(paths.paths) else { continue }
            }
            decision.matchedRules.append(rule.name)
            switch rule.action {
            case .drop:
                decision.droppedBy = rule.name
                return decision
            case .notify(let notify):
                for sink in notify.sinks where !decision.deliveries.contains(where: { $0.sink == sink }) {
                    decision.deliveries.append(plan(sink: sink, rule: rule.name, notify: notify, event: event))
                }
            }
            if !rule.continueMatching { break }
        }
        return decision
    }

    private func plan(sink: String, rule: String, notify: Rule.Notify, event: WatchEvent) -> PlannedDelivery {
        guard let window = notify.groupWindow, window > 0 else {
            return PlannedDelivery(sink: sink, rule: rule, template: notify.template, notBefore: event.occurredAt)
        }
        let start = (event.occurredAt.timeIntervalSince1970 / window).rounded(.down) * window
        let end = Date(timeIntervalSince1970: start + window)
        let key = "rule=\(rule)|sink=\(sink)|project=\(event.project.key)|window=\(Int64(start))"
        return PlannedDelivery(sink: sink, rule: rule, template: notify.template, groupKey: key, notBefore: end)
    }
}
