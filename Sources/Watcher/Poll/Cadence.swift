import Foundation

/// How often one project is polled.
///
/// GitLab offers no cheap change signal (no ETag/304 on the API, `last_activity_at` refreshed about hourly), so
/// glwatch saves requests with an adaptive cadence: a project that keeps changing is polled at `base`; once it has
/// been idle for `idlePollsBeforeBackoff` polls, each further idle poll multiplies the interval by `backoffFactor`,
/// up to `ceiling`; the first poll that finds a change returns it to `base`. Failures back off the same way, so a
/// broken project costs little. Every delay is spread by ±`jitter` so that many projects never poll in lockstep.
package struct Cadence: Sendable, Equatable {
    /// The interval while the project changes.
    var base: TimeInterval
    /// The longest interval idleness or failures can stretch it to.
    package var ceiling: TimeInterval
    /// How much each further idle (or failed) poll stretches the interval.
    var backoffFactor: Double
    /// How many idle polls in a row keep the base interval before backing off starts.
    var idlePollsBeforeBackoff: Int
    /// Relative spread applied to every delay: 0.1 means ±10 %.
    var jitter: Double

    /// Creates a cadence; `ceiling` is raised to `base` if lower.
    package init(
        base: TimeInterval,
        ceiling: TimeInterval? = nil,
        backoffFactor: Double = 2,
        idlePollsBeforeBackoff: Int = 3,
        jitter: Double = 0.1
    ) {
        self.base = base
        self.ceiling = max(base, ceiling ?? base * 10)
        self.backoffFactor = max(1, backoffFactor)
        self.idlePollsBeforeBackoff = max(0, idlePollsBeforeBackoff)
        self.jitter = min(max(0, jitter), 0.5)
    }

    /// The interval before the next poll, before jitter.
    ///
    /// - Parameters:
    ///   - idlePolls: polls in a row that found no change (0 right after a change).
    ///   - failures: polls in a row that failed (0 after a success).
    func interval(idlePolls: Int, failures: Int) -> TimeInterval {
        let steps: Int
        if failures > 0 {
            steps = failures
        } else {
            steps = max(0, idlePolls - idlePollsBeforeBackoff)
        }
        guard steps > 0 else { return base }
        // Stop multiplying once the ceiling is reached (also keeps pow() finite for long streaks).
        let maxSteps = Int((log(ceiling / base) / log(backoffFactor)).rounded(.up))
        return min(ceiling, base * pow(backoffFactor, Double(min(steps, max(0, maxSteps)))))
    }

    /// The delay before the next poll: `interval(idlePolls:failures:)` spread by jitter.
    ///
    /// - Parameter unitRandom: a value in `0..<1` from the injected random source.
    func delay(idlePolls: Int, failures: Int, unitRandom: Double) -> TimeInterval {
        let interval = interval(idlePolls: idlePolls, failures: failures)
        return interval * (1 + jitter * (2 * unitRandom - 1))
    }

    /// The delay after a project's very first poll, which runs at once (its baseline must be as of the moment
    /// glwatch began watching): a random phase spread over one whole base interval (`0.5…1.5 × base`), so that
    /// projects baselined together do not keep polling in lockstep afterwards. A failed first poll backs off like
    /// any failure instead.
    func phaseAfterFirstPoll(unitRandom: Double) -> TimeInterval {
        base * (0.5 + min(max(unitRandom, 0), 1))
    }
}
