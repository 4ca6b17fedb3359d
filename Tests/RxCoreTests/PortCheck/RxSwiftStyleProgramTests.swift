import Foundation
import RxCore
import RxCoreTest
import XCTest

final class RxSwiftStyleProgramTests: RxTest {
    func testRxSwiftStyleProgram_refreshesDecodesAndBindsToTheBoard() {
        // Given the program over a fake API whose second answer is not JSON
        let hooks = HookRecorder()
        defer { hooks.restore() }
        let scheduler = TestScheduler(initialClock: 0)
        var answers = [#"{"name":"api","head":"a1"}"#, "not json", #"{"name":"api","head":"b2"}"#]
        let viewModel = ProjectViewModel(
            fetch: {
                Observable.deferred { .just(Data(answers.removeFirst().utf8)) }
                    .delay(.seconds(2), scheduler: scheduler)
            },
            scheduler: scheduler
        )
        let board = StatusBoard()
        let bag = runRxSwiftStyleProgram(board: board, viewModel: viewModel, scheduler: scheduler)

        // When the user refreshes at 10, 12 (throttled away), 30 and 50
        for time in [10, 12, 30, 50] {
            scheduler.scheduleAt(time) { viewModel.refresh.accept(()) }
        }
        withExtendedLifetime(bag) { scheduler.start() }

        // Then the board shows each new head once; the broken answer kept the last good state
        XCTAssertEqual(board.history, ["api at a1", "api at b2"])
        XCTAssertEqual(board.headline, "api at b2")
        XCTAssertEqual(viewModel.state.value, ProjectState(name: "api", head: "b2"))
        XCTAssertTrue(hooks.debugLines.contains("refresh -> subscribed"))
        XCTAssertEqual(hooks.programmingErrors, [])
    }
}
