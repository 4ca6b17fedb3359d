/// A project's status as the status page shows, filters (`?status=`) and sorts it: the stored status, except that
/// an active project the lag watchdog reported (and that has not completed a poll since) is `lagging`.
enum PageProjectStatus: String, Sendable, CaseIterable {
    /// Polls failed the same way `stalled_after` times in a row: retrying alone will not get past GitLab's answer.
    case stalled
    /// Polls have been failing.
    case unreachable
    /// Watched, but no poll has completed for `engine.lagging_after_intervals` of its intervals.
    case lagging
    /// Polled normally.
    case active
    /// Archived on GitLab.
    case archived
    /// No longer watched.
    case removed

    /// The status of `project` (its `lagging` comes from the running engine).
    init(_ project: StatusReport.Project) {
        if project.lagging == true, project.status == ProjectStatus.active.rawValue {
            self = .lagging
        } else {
            self = PageProjectStatus(rawValue: project.status) ?? .active
        }
    }

    /// Parses one `?status=` value.
    ///
    /// - throws: `StatusAPIError.badRequest` naming the statuses.
    init(parsing text: String) throws {
        guard let status = PageProjectStatus(rawValue: text) else {
            throw StatusAPIError.badRequest(
                "unknown project status \"\(text)\"; use \(Self.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        self = status
    }

    /// Where it sorts with `?sort=status`: what needs attention first (the order of the cases).
    var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
