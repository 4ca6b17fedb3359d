import Foundation
import Testing

@testable import Watcher

@Suite("HealthMonitor")
struct HealthMonitorTests {
    @Test("not ready until the store is open and the first cycle has run")
    func testReadiness_storeThenFirstCycle() {
        // Given a fresh monitor
        let clock = ManualClock()
        let health = HealthMonitor(unhealthyAfter: 300, now: clock.now)
        #expect(health.readiness() == HealthReport(ok: false, reason: "the state store is not open yet"))

        // When the store opens, it is still not ready
        health.storeOpened()
        #expect(health.readiness() == HealthReport(ok: false, reason: "the first poll cycle has not finished yet"))

        // Then the first cycle makes it ready
        health.cycleCompleted()
        #expect(health.readiness().ok)
    }

    @Test("not ready while the state store cannot be used (a replica's database), ready again once it can")
    func testReadiness_stateStoreUnavailable_thenBack() {
        // Given a ready monitor
        let health = HealthMonitor(unhealthyAfter: 300, now: ManualClock().now)
        health.storeOpened()
        health.cycleCompleted()

        // When the store becomes unavailable, Then it is not ready, saying why
        health.stateStoreUnavailable("cannot reach the PostgreSQL state database glwatch@db:5432/glwatch: refused")
        #expect(
            health.readiness()
                == HealthReport(
                    ok: false, reason: "cannot reach the PostgreSQL state database glwatch@db:5432/glwatch: refused"
                )
        )

        // When it is back, Then ready again
        health.stateStoreUnavailable(nil)
        #expect(health.readiness() == HealthReport(ok: true, reason: "ready"))
    }

    @Test("among replicas, not ready once a whole lease period passed without a lease round reaching the database")
    func testReadiness_noLeaseRenewalForALeasePeriod() {
        // Given a ready replica whose leases were renewed now and last 30 s
        let clock = ManualClock()
        let health = HealthMonitor(unhealthyAfter: 300, now: clock.now)
        health.storeOpened()
        health.cycleCompleted()
        health.leasesRenewed(at: clock.now(), period: 30)

        // When 30 s pass without a renewal (a round still waiting for the database), it is still ready; past them,
        // not
        clock.advance(by: 30)
        #expect(health.readiness().ok)
        clock.advance(by: 1)
        #expect(
            health.readiness()
                == HealthReport(
                    ok: false,
                    reason: "no lease round has reached the state database for 31s (the leases last 30s): this "
                        + "replica's leases lapsed"
                )
        )

        // When a round renews them, Then it is ready again
        health.leasesRenewed(at: clock.now(), period: 30)
        #expect(health.readiness().ok)
    }

    @Test("a cycle before the store opened does not make it ready")
    func testReadiness_cycleWithoutStore() {
        let health = HealthMonitor(unhealthyAfter: 300, now: ManualClock().now)
        health.cycleCompleted()
        #expect(!health.readiness().ok)
    }

    @Test("healthy during the start-up grace, unhealthy once it passes without a successful poll")
    func testHealth_graceFromStart() {
        let clock = ManualClock()
        let health = HealthMonitor(unhealthyAfter: 300, now: clock.now)
        clock.advance(by: 300)
        #expect(health.health() == HealthReport(ok: true, reason: "starting: no successful poll yet, 300s since start"))

        clock.advance(by: 1)
        #expect(
            health.health()
                == HealthReport(ok: false, reason: "no successful poll since start 301s ago (limit 300s)")
        )
    }

    @Test("a successful poll keeps it healthy for unhealthyAfter, then it turns unhealthy, then recovers")
    func testHealth_transitions() {
        // Given a monitor whose last successful poll was at t+100
        let clock = ManualClock()
        let health = HealthMonitor(unhealthyAfter: 300, now: clock.now)
        clock.advance(by: 100)
        let success = clock.now()
        health.pollSucceeded(at: success)

        // When 300 s pass, it is still healthy
        clock.advance(by: 300)
        #expect(
            health.health()
                == HealthReport(ok: true, reason: "last successful poll 300s ago", lastSuccessfulPoll: success)
        )

        // Then one more second makes it unhealthy
        clock.advance(by: 1)
        #expect(
            health.health()
                == HealthReport(
                    ok: false,
                    reason: "no successful poll for 301s (limit 300s)",
                    lastSuccessfulPoll: success
                )
        )

        // And a new success makes it healthy again
        health.pollSucceeded(at: clock.now())
        #expect(health.health().ok)
    }

    @Test("a late report of an older success does not move the last success back")
    func testHealth_outOfOrderReports() {
        let clock = ManualClock()
        let health = HealthMonitor(unhealthyAfter: 60, now: clock.now)
        let newer = clock.now().addingTimeInterval(50)
        health.pollSucceeded(at: newer)
        health.pollSucceeded(at: clock.now())
        #expect(health.health().lastSuccessfulPoll == newer)
    }

    @Test("the default limit is three of the longest poll intervals, at least five minutes")
    func testDefaultUnhealthyAfter() {
        #expect(HealthMonitor.defaultUnhealthyAfter(ceilings: []) == 300)
        #expect(HealthMonitor.defaultUnhealthyAfter(ceilings: [30, 60]) == 300)
        #expect(HealthMonitor.defaultUnhealthyAfter(ceilings: [600, 120]) == 1800)
    }
}
