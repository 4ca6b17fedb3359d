import FakeGitLab
import Foundation
import Watcher

/// The soak's GitLab: a fake GitLab with a group of projects, and the script that changes them — pushes, forced
/// pushes, new branches, new contributors — while recording the ground truth (`SoakTruth`) of what glwatch must
/// announce.
///
/// A forced push drops commits; if glwatch had not seen them yet they would rightly never be announced and the
/// truth would depend on timing. So a branch is force-pushed only once its current head has been announced
/// (`isAnnounced`): the truth then follows from the script alone.
final class SoakWorld {
    /// The fake GitLab (not started).
    let fake = FakeGitLab()
    /// The token glwatch uses.
    let token: String
    /// The watched group.
    static let group = "soak"

    private var random: FakeSplitMix64
    private var projects: [FakeProject] = []
    /// Authors with a commit in each project (by path), lowercased e-mails.
    private var contributors: [String: Set<String>] = [:]
    private var authors: [FakeAuthor]
    private var nextAuthor = 1
    private var nextBranch = 1

    /// What glwatch must announce about the changes made so far.
    private(set) var truth = SoakTruth()
    /// How many changes of each kind were made.
    private(set) var counts: [String: Int] = [:]

    /// How many changes were made (pushes, forced pushes, branches created).
    var changeCount: Int { ["pushes", "force-pushes", "branches"].reduce(0) { $0 + counts[$1, default: 0] } }

    /// The most branches a project gets (the script stops creating them there).
    let maxBranches = 6

    /// Builds `projectCount` projects with a 20-commit history and a `develop` branch each; nothing is announced
    /// about them (glwatch's first poll takes them as its baseline).
    init(projectCount: Int, seed: UInt64) {
        random = FakeSplitMix64(seed: seed)
        authors = [
            FakeAuthor(name: "Ann Author", email: "ann@soak.example"),
            FakeAuthor(name: "Bob Builder", email: "bob@soak.example"),
        ]
        let user = fake.addUser("soaker", name: "Soak Runner", email: "soaker@soak.example")
        token = fake.addPersonalAccessToken(for: user)
        for index in 1...projectCount {
            let project = fake.addProject("\(Self.group)/p\(index)", visibility: .private, members: [user])
            project.generateHistory(commits: 20, authors: authors, mergeEvery: 8)
            project.createBranch("develop", from: "main")
            projects.append(project)
            contributors[project.path] = Set(authors.map { $0.email.lowercased() })
        }
    }

    /// The watched projects' paths.
    var projectPaths: [String] { projects.map(\.path) }

    /// Makes one random change; `isAnnounced(branch, head)` says whether glwatch announced that branch at that head.
    /// Returns what it did, for the log.
    @discardableResult
    func step(isAnnounced: (SoakBranch, String) -> Bool) -> String {
        let project = projects.randomElement(using: &random)!
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < 12, project.branches.count < maxBranches {
            return createBranch(in: project)
        }
        if roll < 24 {
            let eligible = project.branches.filter { branch in
                guard let head = project.head(of: branch) else { return false }
                return isAnnounced(SoakBranch(project: project.path, branch: branch), head)
            }
            if let branch = eligible.randomElement(using: &random) {
                return forcePush(branch, in: project)
            }
        }
        return push(in: project, newAuthor: roll >= 90)
    }

    // MARK: Changes

    private func push(in project: FakeProject, newAuthor: Bool) -> String {
        let branch = project.branches.randomElement(using: &random)!
        let author: FakeAuthor
        if newAuthor {
            // Sometimes someone new to the whole group, sometimes someone new to this project only.
            if Bool.random(using: &random) || authors.count < 3 {
                author = FakeAuthor(name: "Dev \(nextAuthor)", email: "dev\(nextAuthor)@soak.example")
                nextAuthor += 1
                authors.append(author)
            } else {
                author = authors.randomElement(using: &random)!
            }
        } else {
            let known = authors.filter { contributors[project.path, default: []].contains($0.email.lowercased()) }
            author = known.randomElement(using: &random)!
        }
        let shas = project.commits(
            Int.random(in: 1...4, using: &random), on: branch, by: [author], titlePrefix: "Soak change"
        )
        record(shas, on: branch, in: project, by: author)
        counts["pushes", default: 0] += 1
        return "push \(shas.count) to \(project.path)@\(branch) by \(author.email)"
    }

    private func createBranch(in project: FakeProject) -> String {
        let from = Bool.random(using: &random) ? "main" : project.branches.randomElement(using: &random)!
        let name = "feature/\(nextBranch)"
        nextBranch += 1
        project.createBranch(name, from: from)
        truth.createdBranches.insert(SoakBranch(project: project.path, branch: name))
        counts["branches", default: 0] += 1
        return "create \(project.path)@\(name) from \(from)"
    }

    private func forcePush(_ branch: String, in project: FakeProject) -> String {
        let author = authors.filter { contributors[project.path, default: []].contains($0.email.lowercased()) }
            .randomElement(using: &random)!
        let shas = project.rewrite(
            branch,
            dropping: Int.random(in: 1...2, using: &random),
            adding: Int.random(in: 1...3, using: &random),
            by: author
        )
        record(shas, on: branch, in: project, by: author)
        truth.forcePushes[SoakBranch(project: project.path, branch: branch), default: 0] += 1
        counts["force-pushes", default: 0] += 1
        return "force-push \(project.path)@\(branch) (\(shas.count) new)"
    }

    private func record(_ shas: [String], on branch: String, in project: FakeProject, by author: FakeAuthor) {
        let location = SoakBranch(project: project.path, branch: branch)
        for sha in shas { truth.commits[sha] = location }
        let email = author.email.lowercased()
        if contributors[project.path, default: []].insert(email).inserted {
            truth.newContributors.insert(SoakContributor(project: project.path, email: email))
            counts["new contributors", default: 0] += 1
        }
    }
}
