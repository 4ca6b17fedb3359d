import Foundation

/// Random faults at set rates, drawn from a seeded generator: the fake GitLab of a soak test, which fails a share
/// of all requests rather than a scripted few.
///
/// Injected faults (`FakeGitLab.inject`) are taken first; chaos applies to the requests they leave alone.
///
/// ```swift
/// gitlab.chaos = FakeChaos(seed: 42, serverErrors: 0.10, droppedConnections: 0.05, slowResponses: 0.05)
/// ```
public struct FakeChaos: Sendable {
    /// The share of requests answered with a 500, 502, 503 or 504.
    public var serverErrors: Double
    /// The share of requests whose connection is closed without an answer.
    public var droppedConnections: Double
    /// The share of requests answered only after a delay (`slowDelayMilliseconds`).
    public var slowResponses: Double
    /// How long a slow response waits (real time), picked uniformly in this range of milliseconds.
    public var slowDelayMilliseconds: ClosedRange<Int>
    /// The share of requests answered with bad input, one kind picked uniformly: a 200 whose body is an HTML
    /// error page, a 200 whose body is not JSON, a truncated body, a list that repeats a page, one that skips a
    /// page (`FakeChaos.badAnswerKinds`).
    public var badAnswers: Double
    /// The share of requests answered only after `timeoutDelay`, longer than a client waits: timeouts.
    public var timeouts: Double
    /// How long a request that draws a timeout waits (real time) before it is answered, if anyone still listens.
    public var timeoutDelay: Duration
    var random: FakeSplitMix64

    /// Creates a chaos policy; the same seed gives the same sequence of faults for the same sequence of requests.
    public init(
        seed: UInt64,
        serverErrors: Double = 0,
        droppedConnections: Double = 0,
        slowResponses: Double = 0,
        slowDelayMilliseconds: ClosedRange<Int> = 200...1_500,
        badAnswers: Double = 0,
        timeouts: Double = 0,
        timeoutDelay: Duration = .seconds(30)
    ) {
        self.badAnswers = badAnswers
        self.timeouts = timeouts
        self.timeoutDelay = timeoutDelay
        self.serverErrors = serverErrors
        self.droppedConnections = droppedConnections
        self.slowResponses = slowResponses
        self.slowDelayMilliseconds = slowDelayMilliseconds
        self.random = FakeSplitMix64(seed: seed)
    }

    /// The fault for the next request, if it draws one.
    mutating func draw() -> FakeFault.Kind? {
        let roll = Double.random(in: 0..<1, using: &random)
        if roll < serverErrors {
            return .status([500, 502, 503, 504].randomElement(using: &random)!)
        }
        if roll < serverErrors + droppedConnections {
            return .dropConnection
        }
        if roll < serverErrors + droppedConnections + slowResponses {
            return .delay(.milliseconds(Int.random(in: slowDelayMilliseconds, using: &random)))
        }
        if roll < serverErrors + droppedConnections + slowResponses + timeouts {
            return .delay(timeoutDelay)
        }
        if roll < serverErrors + droppedConnections + slowResponses + timeouts + badAnswers {
            return Self.badAnswerKinds.randomElement(using: &random)!
        }
        return nil
    }

    /// The bad answers `badAnswers` picks from.
    public static let badAnswerKinds: [FakeFault.Kind] = [
        .body(
            "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>"
                + "<body><h1>Whoops, GitLab is taking too much time to respond.</h1></body></html>\n",
            status: 200,
            contentType: "text/html; charset=utf-8"
        ),
        .body("upstream connect error or disconnect/reset before headers", status: 200),
        .truncatedBody,
        .repeatPage,
        .skipPage,
    ]
}
