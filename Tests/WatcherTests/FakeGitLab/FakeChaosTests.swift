import FakeGitLab
import Foundation
import Testing

@testable import Watcher

/// The fake's random faults (a soak's): seeded, at the rates asked, after injected faults.
@Suite struct FakeChaosTests {
    /// The statuses of `count` requests for a public project (0 for a dropped connection).
    private func statuses(_ chaos: FakeChaos?, count: Int, inject: FakeFault? = nil) async throws -> [Int] {
        let gitlab = FakeGitLab()
        gitlab.addProject("acme/api").commits(1)
        gitlab.chaos = chaos
        if let inject { gitlab.inject(inject) }
        try await gitlab.start()
        let transport = try AsyncHTTPClientGitLabTransport()
        var statuses: [Int] = []
        for _ in 0..<count {
            let url = URL(string: gitlab.baseURL.absoluteString + "/api/v4/projects/acme%2Fapi")!
            do {
                let response = try await transport.execute(
                    GitLabHTTPRequest(method: "GET", url: url, headers: GitLabHTTPHeaders(), timeout: .seconds(10))
                )
                statuses.append(response.status)
            } catch {
                statuses.append(0)
            }
        }
        try await transport.shutdown()
        await gitlab.stop()
        return statuses
    }

    @Test func testServerErrors_atTheRateAsked_andTheSameForTheSameSeed() async throws {
        let chaos = FakeChaos(seed: 7, serverErrors: 0.3)

        let first = try await statuses(chaos, count: 200)
        let second = try await statuses(chaos, count: 200)

        let errors = first.filter { $0 >= 500 }.count
        #expect((30...90).contains(errors), "\(errors) of 200 were 5xx at a 30% rate")
        #expect(Set(first).isSubset(of: [200, 500, 502, 503, 504]))
        #expect(first == second)
    }

    @Test func testDroppedConnections_andInjectedFaultsComeFirst() async throws {
        let chaos = FakeChaos(seed: 1, droppedConnections: 1)

        let answered = try await statuses(chaos, count: 3, inject: FakeFault(.status(418), times: 1))

        #expect(answered == [418, 0, 0])
    }

    @Test func testNoChaos_noFaults() async throws {
        #expect(try await statuses(nil, count: 5) == [200, 200, 200, 200, 200])
    }
}
