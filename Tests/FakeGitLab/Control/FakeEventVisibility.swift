import Foundation

/// When the fake makes a push event visible to the events endpoints.
///
/// GitLab writes push events in a post-receive background job: ids are assigned in one order and rows become
/// visible in another, so an event with a lower id can appear after one with a higher id (see
/// ../shared/GITLAB-API.md, "Events are written asynchronously"). Each event is given a delay when it is
/// recorded; the events endpoints leave it out until the fake's clock reaches its creation time plus that delay.
///
/// ```swift
/// gitlab.eventVisibility = .delayed(by: 5)            // the next events appear 5 s late
/// gitlab.eventVisibility = .shuffled(upTo: 5, seed: 7)  // each event 0–5 s late, reproducibly
/// ```
public struct FakeEventVisibility: Sendable {
    private enum Kind: Sendable {
        case fixed(TimeInterval)
        case shuffled(upTo: TimeInterval, random: FakeSplitMix64)
    }

    private var kind: Kind

    /// Events are visible as soon as they are recorded (the default).
    public static let immediate = FakeEventVisibility(kind: .fixed(0))

    /// Every event recorded from now on becomes visible `seconds` after it was created.
    public static func delayed(by seconds: TimeInterval) -> FakeEventVisibility {
        FakeEventVisibility(kind: .fixed(max(0, seconds)))
    }

    /// Every event recorded from now on becomes visible after a delay drawn uniformly from `0...maximum` seconds
    /// (seeded, so a run replays), which shuffles the order in which ids appear.
    public static func shuffled(upTo maximum: TimeInterval, seed: UInt64) -> FakeEventVisibility {
        FakeEventVisibility(kind: .shuffled(upTo: max(0, maximum), random: FakeSplitMix64(seed: seed)))
    }

    /// The delay of the next event recorded (advancing a shuffle's generator).
    public mutating func nextDelay() -> TimeInterval {
        switch kind {
        case .fixed(let seconds):
            return seconds
        case .shuffled(let maximum, var random):
            let delay = maximum * Double.random(in: 0...1, using: &random)
            kind = .shuffled(upTo: maximum, random: random)
            return delay
        }
    }
}
