import Foundation

/// Where the change feed stands: which events it has seen, and how far back each read must go.
///
/// GitLab writes push events in a background job, so an event with a lower id can become visible after one with
/// a higher id (docs/gitlab-api.md, "The change feed"): keeping only "the highest id seen" would skip it. So each
/// read goes back past the newest event of the last complete read by an `overlap` of time (GitLab's own
/// `created_at`, so the two clocks never meet), and an event is new when its id was not seen before. Dates are
/// only compared, never sent: GitLab's `after`/`before` filter by whole days.
///
/// The first read only primes the cursor (everything is polled at start anyway); a read that fails half-way
/// keeps the events it got (they are seen) but does not move the reference, so the next read goes back as far.
struct FeedCursor: Sendable, Equatable {
    /// How far before the last complete read's newest event every read goes back.
    var overlap: TimeInterval
    /// The `created_at` of the newest event at the last complete read; `nil` before one, or while the feed is empty.
    private(set) var reference: Date?
    /// The ids seen within the window, with their `created_at`.
    private(set) var seen: [Int64: Date] = [:]
    /// Whether a first read completed.
    private(set) var isPrimed = false
    private var newestInRead: Date?

    /// Creates a cursor that has seen nothing.
    init(overlap: TimeInterval) {
        self.overlap = max(0, overlap)
    }

    /// The oldest `created_at` a read still cares about: events older than this are left to the sweep.
    var floor: Date? { reference.map { $0.addingTimeInterval(-overlap) } }

    /// Whether a read can stop after a page whose oldest event is `oldest`: it reached past the window (the
    /// first read stops after its first page).
    func reachedBack(to oldest: GitLabEvent) -> Bool {
        guard isPrimed else { return true }
        guard let floor else { return false }
        return (oldest.createdAt ?? .distantPast) < floor
    }

    /// Takes one page of a read: returns the events not seen before (none while priming), and remembers them.
    mutating func take(_ page: [GitLabEvent]) -> [GitLabEvent] {
        var fresh: [GitLabEvent] = []
        for event in page {
            let created = event.createdAt ?? .distantPast
            newestInRead = max(newestInRead ?? created, created)
            if let floor, created < floor { continue }
            guard seen.updateValue(created, forKey: event.id) == nil else { continue }
            if isPrimed { fresh.append(event) }
        }
        return fresh
    }

    /// A read went back far enough: moves the reference to its newest event and forgets ids below the window.
    mutating func completeRead() {
        if let newest = newestInRead { reference = max(reference ?? newest, newest) }
        newestInRead = nil
        isPrimed = true
        if let floor { seen = seen.filter { $0.value >= floor } }
    }

    /// Goes on from where another reader stood (the change feed's previous leader, `FeedNote`): primed, at
    /// `reference`, having seen nothing, so the next read hints every event of the window again (a poll too
    /// many rather than one missed).
    mutating func resume(at reference: Date) {
        self.reference = reference
        seen = [:]
        newestInRead = nil
        isPrimed = true
    }

    /// Forgets that `ids` were seen, so that the next read hints them again if they are still in its window (their
    /// hints could not be passed on).
    mutating func unsee(_ ids: some Sequence<Int64>) {
        for id in ids { seen[id] = nil }
    }

    /// A read failed: what it took stays seen, the reference stays where it was.
    mutating func abandonRead() {
        newestInRead = nil
    }
}
