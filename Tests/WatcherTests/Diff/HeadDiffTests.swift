import Testing

@testable import Watcher

@Suite struct HeadDiffTests {
    @Test func testInit_classifiesCreatedDeletedAndMovedBranches() {
        let diff = HeadDiff(
            stored: ["main": "a1", "dev": "b1", "old": "c1"],
            observed: ["main": "a2", "dev": "b1", "feature/x": "d1"]
        )
        #expect(diff.created == ["feature/x": "d1"])
        #expect(diff.deleted == ["old": "c1"])
        #expect(diff.moved == [HeadDiff.Move(branch: "main", from: "a1", to: "a2")])
        #expect(!diff.isEmpty)
    }

    @Test func testInit_sameHeads_isEmpty() {
        #expect(HeadDiff(stored: ["main": "a"], observed: ["main": "a"]).isEmpty)
    }

    @Test func testInit_branchDeletedAndRecreatedElsewhere_isAMove() {
        // Between two polls a branch was deleted and re-created at another commit: only the head moved.
        let diff = HeadDiff(stored: ["release": "r1"], observed: ["release": "x9"])
        #expect(diff.moved == [HeadDiff.Move(branch: "release", from: "r1", to: "x9")])
        #expect(diff.created.isEmpty && diff.deleted.isEmpty)
    }

    func commit(_ id: String, parents: [String]) -> GitLabCommit {
        GitLabCommit(id: id, parentIDs: parents)
    }

    @Test func testVerdict_rangeContainingChildOfOldHead_isFastForward() {
        let window = CommitWindow(commits: [commit("c3", parents: ["c2"]), commit("c2", parents: ["old"])], isComplete: true)
        #expect(RangeVerdict(from: "old", window: window) == .fastForward)
    }

    @Test func testVerdict_mergeBringingInSideBranch_isFastForward() {
        // A merge commit whose first parent is the old head; the side branch's commits come with it.
        let window = CommitWindow(
            commits: [commit("m", parents: ["old", "s2"]), commit("s2", parents: ["s1"]), commit("s1", parents: ["base"])],
            isComplete: true
        )
        #expect(RangeVerdict(from: "old", window: window) == .fastForward)
    }

    @Test func testVerdict_rewrittenHistory_isForcePushed() {
        let window = CommitWindow(commits: [commit("n2", parents: ["n1"]), commit("n1", parents: ["base"])], isComplete: true)
        #expect(RangeVerdict(from: "old", window: window) == .forcePushed)
    }

    @Test func testVerdict_emptyRange_branchMovedBackwards_isForcePushed() {
        #expect(RangeVerdict(from: "old", window: CommitWindow(commits: [], isComplete: true)) == .forcePushed)
    }

    @Test func testVerdict_truncatedRangeWithoutTheOldHeadsChild_isUndecided() {
        let window = CommitWindow(commits: [commit("n2", parents: ["n1"])], isComplete: false)
        #expect(RangeVerdict(from: "old", window: window) == .undecided)
    }
}
