import FakeGitLab
import Foundation
import Watcher

/// The soak's GitLab: a fake GitLab with a group of projects, and the script that changes them — random pushes,
/// forced pushes, new and deleted branches, merges, new contributors — beside the scripted cases of
/// `SoakWorld+Cases`.
///
/// The world records no truth of its own: `truth()` works it out from the fake's repositories
/// (`FakeGroundTruth`) between `beginWatching()` and now. A watcher polls, so it cannot see a head that lived
/// between two polls; the script therefore force-pushes or deletes a branch only once glwatch has announced its
/// current head (`isAnnounced`), and nothing else it does depends on timing.
final class SoakWorld {
    /// The fake GitLab (not started).
    let fake = FakeGitLab()
    /// The token glwatch uses.
    /// The token glwatch uses now (`tokenRotation` replaces it).
    var token: String
    /// The user the token belongs to.
    let user: FakeUser
    /// The file glwatch reads its token from (`token_file`); set by the run before the first start.
    var tokenFile: URL?
    /// The watched group.
    static let group = "soak"

    var random: FakeSplitMix64
    /// The projects random changes pick from.
    private(set) var projects: [FakeProject] = []
    /// Authors with a non-merge commit in each project (by path), lowercased e-mails.
    var contributors: [String: Set<String>] = [:]
    var authors: [FakeAuthor]
    private var nextAuthor = 1
    private var nextBranch = 1
    /// Someone who only ever merges (in the web UI): never a contributor.
    let merger = FakeAuthor(name: "Mia Merger", email: "mia.merger@soak.example")

    /// How many changes of each kind were made.
    var counts: [String: Int] = [:]

    /// The world when watching began, and what the cases recorded about projects they deleted.
    private(set) var start: FakeHistory?
    var lastSeen: [Int64: FakeHistory] = [:]
    var required: [Int64: FakeHistory] = [:]

    /// The projects of the scripted cases (`SoakWorld+Cases`).
    let cases: SoakCaseProjects

    /// How many changes were made (pushes, forced pushes, branches created and deleted, merges).
    var changeCount: Int { counts.values.reduce(0, +) }

    /// The most branches a project gets (the script stops creating them there).
    let maxBranches = 6
    /// Whether a force-push may replace the branch with an unrelated history (`SoakOptions.unrelatedHistory`).
    var unrelatedHistories = true

    /// Builds `projectCount` projects with a 20-commit history and a `develop` branch each, and the projects of
    /// the scripted cases; nothing about them is to be announced (the start takes them as they are).
    init(projectCount: Int, seed: UInt64) {
        random = FakeSplitMix64(seed: seed)
        authors = [
            FakeAuthor(name: "Ann Author", email: "ann@soak.example"),
            FakeAuthor(name: "Bob Builder", email: "bob@soak.example"),
        ]
        let user = fake.addUser("soaker", name: "Soak Runner", email: "soaker@soak.example")
        self.user = user
        token = fake.addPersonalAccessToken(for: user)
        cases = SoakCaseProjects(fake: fake, user: user, authors: authors)
        for index in 1...projectCount {
            let project = fake.addProject("\(Self.group)/p\(index)", visibility: .private, members: [user])
            project.generateHistory(commits: 20, authors: authors, mergeEvery: 8)
            project.createBranch("develop", from: "main")
            projects.append(project)
            contributors[project.path] = Set(authors.map { $0.email.lowercased() })
        }
    }

    /// Marks the moment watching begins: everything after it is to be announced.
    func beginWatching() {
        start = fake.history()
    }

    /// What glwatch must have announced, from the fake's repositories between `beginWatching()` and now.
    func truth() -> FakeGroundTruth {
        FakeGroundTruth(start: start ?? fake.history(), end: fake.history(), lastSeen: lastSeen, required: required)
    }

    /// Makes one random change; `isAnnounced(project, branch, head)` says whether glwatch announced that branch at
    /// that head. Returns what it did, for the log.
    @discardableResult
    func step(isAnnounced: (String, String, String) -> Bool) -> String {
        let project = projects.randomElement(using: &random)!
        let roll = Int.random(in: 0..<100, using: &random)
        let features = project.branches.filter { $0.hasPrefix("feature/") }
        let settled = project.branches.filter { branch in
            guard let head = project.head(of: branch) else { return false }
            return isAnnounced(project.path, branch, head)
        }
        if roll < 10, project.branches.count < maxBranches { return createBranch(in: project) }
        if roll < 20, let branch = settled.randomElement(using: &random) { return forcePush(branch, in: project) }
        if roll < 26, let branch = settled.filter({ $0.hasPrefix("feature/") }).randomElement(using: &random) {
            project.deleteBranch(branch)
            counts["branches deleted", default: 0] += 1
            return "delete \(project.path)@\(branch)"
        }
        // A merge could bring a force-pushed-away head back into main's history before glwatch saw the forced
        // push; merging only into an announced head keeps every forced push observable.
        if roll < 31, settled.contains("main"), let branch = features.randomElement(using: &random) {
            project.merge(branch, into: "main", by: merger)
            counts["merges", default: 0] += 1
            return "merge \(project.path)@\(branch) into main by \(merger.email)"
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
            author = knownAuthor(in: project)
        }
        // Half the pushes change only docs/: the `paths: ["src/**"]` rule must leave them out.
        let folder = Bool.random(using: &random) ? "src" : "docs"
        let specs = (1...Int.random(in: 1...4, using: &random)).map { index in
            FakeCommitSpec("Soak change \(index)", author: author, files: [FakeCommitFile(path: "\(folder)/f\(index).txt")])
        }
        let shas = project.push(specs, to: branch)
        contributors[project.path, default: []].insert(author.email.lowercased())
        counts["pushes", default: 0] += 1
        return "push \(shas.count) to \(project.path)@\(branch) (\(folder)/) by \(author.email): "
            + Self.short(shas)
    }

    private func createBranch(in project: FakeProject) -> String {
        let from = Bool.random(using: &random) ? "main" : project.branches.randomElement(using: &random)!
        let name = "feature/\(nextBranch)"
        nextBranch += 1
        project.createBranch(name, from: from)
        counts["branches created", default: 0] += 1
        return "create \(project.path)@\(name) from \(from)"
    }

    private func forcePush(_ branch: String, in project: FakeProject) -> String {
        // One in four replaces the branch with a history of its own: no merge base with the old head (issue 34)
        if unrelatedHistories, Int.random(in: 0..<4, using: &random) == 0 {
            let shas = project.replaceWithUnrelatedHistory(
                branch, adding: Int.random(in: 1...3, using: &random), by: knownAuthor(in: project)
            )
            counts["unrelated histories", default: 0] += 1
            return "replace \(project.path)@\(branch) by an unrelated history (\(shas.count) new): \(Self.short(shas))"
        }
        let shas = project.rewrite(
            branch,
            dropping: Int.random(in: 1...2, using: &random),
            adding: Int.random(in: 1...3, using: &random),
            by: knownAuthor(in: project)
        )
        counts["force-pushes", default: 0] += 1
        return "force-push \(project.path)@\(branch) (\(shas.count) new): \(Self.short(shas))"
    }

    /// SHAs as the soak's findings print them (12 digits), for the change log.
    static func short(_ shas: [String]) -> String {
        shas.map { String($0.prefix(12)) }.joined(separator: " ")
    }

    private func knownAuthor(in project: FakeProject) -> FakeAuthor {
        authors.filter { contributors[project.path, default: []].contains($0.email.lowercased()) }
            .randomElement(using: &random)!
    }
}
