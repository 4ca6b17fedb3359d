import Foundation

/// How the projects list is ordered (`?sort=`): by path, or what needs attention first.
enum ProjectSort: String, Sendable, CaseIterable {
    /// By path, A to Z (the default).
    case path
    /// The most recently changed first (a head moved), never-changed last.
    case lastChange
    /// The most recently polled first.
    case lastPoll
    /// The most consecutive failures first.
    case failures
    /// The most recent webhook first, projects without one last.
    case lastHook
    /// What needs attention first: stalled, unreachable, lagging, active, archived, removed (`PageProjectStatus`).
    case status

    /// Parses `?sort=`; `.path` when absent.
    ///
    /// - throws: `StatusAPIError.badRequest` naming the choices.
    init(_ text: String?) throws {
        guard let text else {
            self = .path
            return
        }
        guard let sort = ProjectSort(rawValue: text) else {
            throw StatusAPIError.badRequest(
                "unknown sort \"\(text)\"; use \(Self.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        self = sort
    }

    /// The order; ties fall back to the path, so pages are stable.
    func areInIncreasingOrder(_ lhs: StatusReport.Project, _ rhs: StatusReport.Project) -> Bool {
        func newestFirst(_ left: Date?, _ right: Date?) -> Bool? {
            switch (left, right) {
            case (let left?, let right?) where left != right: left > right
            case (.some, nil): true
            case (nil, .some): false
            default: nil
            }
        }
        let decided: Bool?
        switch self {
        case .path: decided = nil
        case .lastChange: decided = newestFirst(lhs.lastChangeAt, rhs.lastChangeAt)
        case .lastPoll: decided = newestFirst(lhs.lastPollAt, rhs.lastPollAt)
        case .failures:
            decided = lhs.consecutiveFailures == rhs.consecutiveFailures
                ? nil : lhs.consecutiveFailures > rhs.consecutiveFailures
        case .lastHook: decided = newestFirst(lhs.lastHookAt, rhs.lastHookAt)
        case .status:
            let (left, right) = (PageProjectStatus(lhs).rank, PageProjectStatus(rhs).rank)
            decided = left == right ? nil : left < right
        }
        return decided ?? ((lhs.path.lowercased(), lhs.key) < (rhs.path.lowercased(), rhs.key))
    }
}
