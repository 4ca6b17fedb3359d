import Watcher

/// How long and how hard a soak runs.
struct SoakOptions: Sendable {
    /// The seed of every random choice of the driver (changes, kills, receiver outages, faults).
    var seed: UInt64
    /// How many projects the fake GitLab has (glwatch polls each every second).
    var projects: Int
    /// How long changes are scripted and glwatch killed (the drain comes after).
    var duration: Duration
    /// Stop scripting once the children logged this many polls (whichever comes first with `duration`).
    var cycles: Int?
    /// Pause between two scripted changes, in milliseconds (picked uniformly).
    var changeEveryMilliseconds: ClosedRange<Int> = 100...400
    /// How long a child runs before it is killed, in milliseconds (picked uniformly).
    var killAfterMilliseconds: ClosedRange<Int> = 1_000...5_000
    /// Where to copy the children's log (standard error, debug level) at the end; `nil` to drop it.
    var logCopy: String?
    /// How long the last child may take to deliver everything once changes stop.
    var drainTimeout: Duration = .seconds(60)

    /// The CI run: ten projects, 40 seconds of changes and kills.
    static func short(seed: UInt64) -> SoakOptions {
        SoakOptions(seed: seed, projects: 10, duration: .seconds(40))
    }

    /// A run by hand: twelve projects, ten minutes.
    static func long(seed: UInt64) -> SoakOptions {
        SoakOptions(seed: seed, projects: 12, duration: .seconds(600))
    }
}
