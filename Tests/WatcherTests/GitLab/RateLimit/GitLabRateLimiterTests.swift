import Foundation
import RxCore
import Synchronization
import Testing

@testable import Watcher

/// Client-side pacing and GitLab's throttle, in virtual time.
@Suite struct GitLabRateLimiterTests {
    @Test func testPace_allowsTheBurstThenSpacesRequests() async throws {
        let scripted = ScriptedClient(
            Array(repeating: ScriptedTransport.json(200, Payload.project), count: 5),
            pace: GitLabRateLimiter.Pace(requestsPerMinute: 60, burst: 2)
        )

        try await scripted.driver.run {
            for _ in 0..<5 { _ = try await scripted.client.projects.get(81) }
        }

        #expect(scripted.times == [0, 0, 1, 2, 3])
    }

    @Test func testThrottle_holdsBackEveryClientSharingTheHostsLimiter() async throws {
        let driver = VirtualTimeDriver()
        let limiter = GitLabRateLimiter(host: "gitlab.example.com", pace: nil, scheduler: driver)
        let first = ScriptedClientSharing(
            driver: driver,
            limiter: limiter,
            steps: [
                ScriptedTransport.json(429, "Retry later", headers: ["Retry-After": "10"]),
                ScriptedTransport.json(200, Payload.project),
            ]
        )
        let second = ScriptedClientSharing(
            driver: driver,
            limiter: limiter,
            steps: [ScriptedTransport.json(200, Payload.project)]
        )

        try await driver.run {
            async let one = first.client.projects.get(81)
            for try await state in second.client.rateLimit.values where state.isThrottled { break }
            _ = try await second.client.projects.get(82)  // asked during the throttle: waits for its end
            _ = try await one
        }

        #expect(first.transport.sent.map(\.at) == [0, 10])
        #expect(second.transport.sent.map(\.at) == [10])
    }

    @Test func testState_publishesThrottleAndReleaseAtTheRightVirtualTimes() async throws {
        let scripted = ScriptedClient([
            ScriptedTransport.json(
                429,
                "Retry later",
                headers: [
                    "Retry-After": "30", "RateLimit-Limit": "60", "RateLimit-Remaining": "0",
                    "RateLimit-Name": "throttle_authenticated_api",
                ]
            ),
            ScriptedTransport.json(
                200,
                Payload.project,
                headers: ["RateLimit-Limit": "60", "RateLimit-Remaining": "59"]
            ),
        ])
        let seen = Mutex<[(TimeInterval, Bool, Int?)]>([])
        let driver = scripted.driver
        let subscription = scripted.client.rateLimit.subscribe(onNext: { state in
            seen.withLock { $0.append((driver.elapsed, state.isThrottled, state.remaining)) }
        })
        defer { subscription.dispose() }

        _ = try await scripted.driver.run { try await scripted.client.projects.get(81) }

        let events = seen.withLock { $0 }
        #expect(events.first.map { $0.0 == 0 && !$0.1 } == true)  // the initial state
        #expect(events.contains { $0.0 == 0 && $0.1 })  // throttled by the 429
        #expect(events.contains { $0.0 == 30 && !$0.1 })  // released 30 s later
        #expect(events.last?.2 == 59)
        #expect(scripted.client.rateLimiter.currentState.throttleCount == 1)
        #expect(scripted.client.rateLimiter.currentState.name == "throttle_authenticated_api")
    }

    @Test func testRemainingZero_holdsRequestsUntilTheReset() async throws {
        let scripted = ScriptedClient([
            ScriptedTransport.json(
                200,
                Payload.project,
                headers: ["RateLimit-Remaining": "0", "RateLimit-Reset": "1704067215"]
            ),
            ScriptedTransport.json(200, Payload.project),
        ])

        try await scripted.driver.run {
            _ = try await scripted.client.projects.get(81)
            _ = try await scripted.client.projects.get(81)
        }

        #expect(scripted.times == [0, 15])  // waited instead of spending a request on a certain 429
    }

    @Test func testCancelledWaiter_returnsItsToken() async throws {
        let driver = VirtualTimeDriver()
        let limiter = GitLabRateLimiter(
            host: "h",
            pace: GitLabRateLimiter.Pace(requestsPerMinute: 60, burst: 1),
            scheduler: driver
        )

        try await driver.run {
            try await limiter.acquire()  // uses the burst
            let waiter = Task {
                withUnsafeCurrentTask { $0?.cancel() }  // cancelled before it waits, deterministically
                try await limiter.acquire()  // would wait 1 s
            }
            #expect(await waiter.result.isFailure)
            try await limiter.acquire()  // still 1 s from the start, not 2
        }

        #expect(driver.elapsed == 1)
    }
}

/// A scripted client on a shared driver and limiter.
struct ScriptedClientSharing: Sendable {
    let transport: ScriptedTransport
    let client: GitLabClient

    init(driver: VirtualTimeDriver, limiter: GitLabRateLimiter, steps: [ScriptedTransport.Step]) {
        transport = ScriptedTransport(steps) { driver.elapsed }
        client = GitLabClient(
            host: URL(string: "https://gitlab.example.com")!,
            auth: .none,
            transport: transport,
            scheduler: driver,
            configuration: GitLabClientConfiguration(userAgent: "glwatch/test", pace: nil),
            rateLimiter: limiter,
            jitter: FixedJitter(fraction: 0.5)
        )
    }
}

extension Result {
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
