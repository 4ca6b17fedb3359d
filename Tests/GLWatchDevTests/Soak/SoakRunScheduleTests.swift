import Foundation
import Testing

@testable import GLWatchDev

/// How long the soak's script runs: its duration, longer when glwatch's first cycle came late, never past twice.
@Suite struct SoakRunScheduleTests {
    private func goesOn(_ elapsed: Int, readyAfter: Int?) -> Bool {
        SoakRun<ContinuousClock>.scriptGoesOn(
            elapsed: .seconds(elapsed), readyAfter: readyAfter.map { .seconds($0) }, duration: .seconds(50)
        )
    }

    @Test func testScript_readyEarly_runsItsDuration() {
        #expect(goesOn(49, readyAfter: 2))
        #expect(!goesOn(50, readyAfter: 2))
    }

    @Test func testScript_readyLate_goesOnThreeFifthsOfItsDurationAfterTheFirstCycle() {
        // First cycle at 45 s: changes, kills and cases go on until 75 s
        #expect(goesOn(74, readyAfter: 45))
        #expect(!goesOn(75, readyAfter: 45))
    }

    @Test func testScript_neverReady_stopsAtTwiceItsDuration() {
        #expect(goesOn(99, readyAfter: nil))
        #expect(!goesOn(100, readyAfter: nil))
        #expect(!goesOn(100, readyAfter: 95))
    }

    // The drain within the soak's time limit (`--time-limit`): 40 s to stop the children, 10 s for the rest.

    private func drainLimit(budget: Int?, elapsed: Int) -> Duration {
        SoakRun<ContinuousClock>.drainLimit(
            timeout: .seconds(120), budget: budget.map { .seconds($0) }, elapsed: .seconds(elapsed)
        )
    }

    @Test func testDrain_noTimeLimit_lastsItsTimeout() {
        #expect(drainLimit(budget: nil, elapsed: 200) == .seconds(120))
    }

    @Test func testDrain_timeLimitFarOff_lastsItsTimeout() {
        #expect(drainLimit(budget: 262, elapsed: 60) == .seconds(120))
    }

    @Test func testDrain_scriptWentLong_endsInTimeForTheReport() {
        // Changes ended 150 s in: 262 − 150 − 40 − 10 = 62 s of drain
        #expect(drainLimit(budget: 262, elapsed: 150) == .seconds(62))
        #expect(drainLimit(budget: 262, elapsed: 250) == .zero)
    }
}
