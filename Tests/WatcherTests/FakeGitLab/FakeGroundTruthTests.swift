import FakeGitLab
import Foundation
import Testing

/// The ground truth of the acceptance test: what must be announced, from the fake's graph and push events alone.
@Suite struct FakeGroundTruthTests {
    private let ann = FakeAuthor(name: "Ann", email: "ann@example.test")
    private let bob = FakeAuthor(name: "Bob", email: "Bob@Example.test")
    private let mia = FakeAuthor(name: "Mia", email: "mia@example.test")

    /// A project with a 3-commit `main` by Ann, and the fake holding it.
    private func world() -> (FakeGitLab, FakeProject) {
        let gitlab = FakeGitLab()
        let project = gitlab.addProject("acme/api")
        project.commits(3, on: "main", by: [ann])
        return (gitlab, project)
    }

    @Test func testTruth_commitsPushedAfterTheStart_onlyThose() {
        let (gitlab, project) = world()
        let start = gitlab.history()

        let pushed = project.commits(2, on: "main", by: [ann])

        let truth = FakeGroundTruth(start: start, end: gitlab.history())
        #expect(truth.commits[project.id] == Set(pushed))
        #expect(truth.newContributors.isEmpty)
        #expect(truth.createdBranches.isEmpty && truth.forcePushes.isEmpty && truth.removedProjects.isEmpty)
        #expect(truth.expectedCount == 2)
    }

    @Test func testTruth_forcePush_keepsTheDroppedCommitsAndCountsOnePush() {
        let (gitlab, project) = world()
        let start = gitlab.history()
        let dropped = project.commits(2, on: "main", by: [ann])

        let added = project.rewrite("main", dropping: 2, adding: 1, by: ann)

        let truth = FakeGroundTruth(start: start, end: gitlab.history())
        #expect(truth.commits[project.id] == Set(dropped + added))
        #expect(truth.forcePushes == [FakeGroundTruth.Branch(projectID: project.id, path: "acme/api", branch: "main"): 1])
    }

    @Test func testTruth_branchDeletedAndCreatedAgain_isNoForcePush() {
        let (gitlab, project) = world()
        project.createBranch("feature", from: "main")
        let old = project.commits(1, on: "feature", by: [ann])
        let start = gitlab.history()

        project.deleteBranch("feature")
        project.createBranch("feature", from: project.log("main")[1])

        let truth = FakeGroundTruth(start: start, end: gitlab.history())
        let feature = FakeGroundTruth.Branch(projectID: project.id, path: "acme/api", branch: "feature")
        #expect(truth.deletedBranches == [feature: 1])
        #expect(truth.createdBranches == [feature: 1])
        #expect(truth.forcePushes.isEmpty)
        #expect(truth.commits[project.id] == [], "\(old) was known at the start")
    }

    @Test func testTruth_contributors_areAuthorsOfNonMergeCommitsOnly() {
        let (gitlab, project) = world()
        project.createBranch("topic", from: "main")
        project.commits(1, on: "topic", by: [ann])
        project.merge("topic", into: "main", by: bob)  // a web-UI merge: Bob's only commit before the start
        let start = gitlab.history()

        project.commits(1, on: "main", by: [bob])
        project.createBranch("late", from: "main")
        project.commits(1, on: "late", by: [ann])
        project.merge("late", into: "main", by: mia)  // Mia only merges: no contributor

        let truth = FakeGroundTruth(start: start, end: gitlab.history())
        #expect(truth.newContributors == [FakeGroundTruth.Contributor(projectID: project.id, path: "acme/api", email: "bob@example.test")])
        #expect(truth.commits[project.id]?.count == 3)
        #expect(truth.createdBranches.count == 1)
    }

    @Test func testTruth_projectCreatedAfterTheStart_everythingInItIsNew() {
        let (gitlab, _) = world()
        let start = gitlab.history()

        let fresh = gitlab.addProject("acme/fresh")
        let made = fresh.commits(3, on: "main", by: [ann, mia])

        let truth = FakeGroundTruth(start: start, end: gitlab.history())
        #expect(truth.commits[fresh.id] == Set(made))
        #expect(truth.newContributors.map(\.email).sorted() == ["ann@example.test", "mia@example.test"])
        #expect(truth.createdBranches == [FakeGroundTruth.Branch(projectID: fresh.id, path: "acme/fresh", branch: "main"): 1])
    }

    @Test func testTruth_projectDeletedRightAfterAPush_removedAndThatPushOptional() {
        let (gitlab, project) = world()
        let start = gitlab.history()
        let seen = project.commits(1, on: "main", by: [ann])
        let required = gitlab.history()
        let last = project.commits(1, on: "main", by: [mia])
        let lastSeen = gitlab.history()

        project.delete()

        let truth = FakeGroundTruth(
            start: start, end: gitlab.history(), lastSeen: [project.id: lastSeen], required: [project.id: required]
        )
        #expect(truth.removedProjects == [project.id: "acme/api"])
        #expect(truth.commits[project.id] == Set(seen))
        #expect(truth.optionalCommits[project.id] == Set(last))
        #expect(truth.newContributors.isEmpty)
        #expect(truth.optionalContributors.map(\.email) == ["mia@example.test"])
    }

    @Test func testTruth_archivedProject_isNotRemoved() {
        let (gitlab, project) = world()
        let start = gitlab.history()
        let pushed = project.commits(1, on: "main", by: [ann])

        project.archive()

        let truth = FakeGroundTruth(start: start, end: gitlab.history())
        #expect(truth.archivedProjects == [project.id: "acme/api"])
        #expect(truth.removedProjects.isEmpty)
        #expect(truth.commits[project.id] == Set(pushed))
    }

    @Test func testChangedPaths_ofAMerge_areWhatItBroughtIn() {
        let (gitlab, project) = world()
        project.createBranch("feature", from: "main")
        let parser = project.commit("Parser", on: "feature", by: bob, files: ["src/parser.swift"])
        project.commit("Docs", on: "main", by: ann, files: ["docs/a.md"])
        let merge = project.merge("feature", into: "main", by: mia)

        let truth = FakeGroundTruth(start: gitlab.history(), end: gitlab.history())

        #expect(truth.changedPaths(in: project.id, of: merge) == ["src/parser.swift"])
        #expect(truth.changedPaths(in: project.id, of: parser) == ["src/parser.swift"])
        #expect(truth.changedPaths(in: project.id, of: "0000").isEmpty)
    }

    @Test func testRange_isWhatARangeHolds() {
        let (gitlab, project) = world()
        let before = project.head(of: "main")!
        let pushed = project.commits(4, on: "main", by: [ann])

        let truth = FakeGroundTruth(start: gitlab.history(), end: gitlab.history())

        #expect(truth.range(in: project.id, from: before, to: pushed.last!) == Set(pushed))
        #expect(truth.range(in: project.id, from: nil, to: before).count == 3)
        #expect(truth.range(in: 999, from: nil, to: before).isEmpty)
    }
}
