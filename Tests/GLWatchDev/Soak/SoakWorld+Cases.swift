import FakeGitLab

/// The scripted cases of issue 12 (`SoakCase`), as changes to the fake GitLab.
extension SoakWorld {
    /// Does `scriptedCase` (for `deletedAfterPush`, its first half: a push glwatch must see); returns what it did.
    func perform(_ scriptedCase: SoakCase) -> String {
        switch scriptedCase {
        case .pushAfterStart:
            let shas = projects[0].commits(2, on: "main", by: [authors[0]], titlePrefix: "Right after start")
            return "push \(shas.count) to \(projects[0].path)@main"
        case .createdProject:
            return createProject()
        case .webMergeContributor:
            cases.merged.commit("Pat's first own commit", on: "main", by: cases.pat, files: ["src/pat.swift"])
            return "first own commit by \(cases.pat.email) in \(cases.merged.path) (only a web-UI merge before)"
        case .largePush:
            let shas = cases.big.commits(2_500, on: "main", by: Array(authors.prefix(2)), titlePrefix: "Bulk")
            return "push \(shas.count) commits to \(cases.big.path)@main"
        case .archivedAfterPush:
            let path = cases.archived.path
            cases.archived.commits(2, on: "main", by: [authors[1]], titlePrefix: "Before archiving")
            cases.archived.archive()
            return "push 2 to \(path)@main, then archive it"
        case .deletedAfterPush:
            cases.doomed.commits(1, on: "main", by: [authors[0]], titlePrefix: "Seen before deletion")
            return "push 1 to \(cases.doomed.path)@main (it is deleted once that is announced)"
        case .recreatedWhileDown:
            let project = cases.recreate
            let older = project.log("main")[3]
            project.deleteBranch("recreate-me")
            project.createBranch("recreate-me", from: older)
            return "delete \(project.path)@recreate-me and create it again at \(older.prefix(12)) (glwatch down)"
        case .tokenRotation:
            return rotateToken()
        }
    }

    /// Writes a new token into glwatch's token file (atomically, as an operator's script would) and revokes the
    /// old one: glwatch must pick the new one up without a restart.
    func rotateToken() -> String {
        guard let tokenFile else { return "no token file to rotate" }
        let old = token
        let new = fake.addPersonalAccessToken(for: user)
        do {
            try (new + "\n").write(to: tokenFile, atomically: true, encoding: .utf8)
        } catch {
            return "could not write \(tokenFile.path): \(error)"
        }
        token = new
        fake.revokeToken(old)
        return "replace the token in \(tokenFile.lastPathComponent) and revoke the old one"
    }

    /// The head `deletedAfterPush` waits for glwatch to announce before its second half.
    var doomedHead: (path: String, head: String)? {
        cases.doomed.head(of: "main").map { (cases.doomed.path, $0) }
    }

    /// The second half of `deletedAfterPush`: one more push, by someone new, and the deletion right after it.
    func pushThenDelete() -> String {
        let project = cases.doomed
        let path = project.path
        required[project.id] = fake.history()
        project.commit("Pushed just before deletion", on: "main", by: FakeAuthor(name: "Del", email: "del@soak.example"))
        lastSeen[project.id] = fake.history()
        project.delete()
        counts["projects deleted", default: 0] += 1
        return "push 1 to \(path)@main, then delete it"
    }

    private func createProject() -> String {
        let project = fake.addProject("\(Self.group)/fresh", visibility: .private, members: [cases.user])
        let newcomers = [
            FakeAuthor(name: "Cy Newcomer", email: "cy@soak.example"),
            FakeAuthor(name: "Dee Newcomer", email: "dee@soak.example"),
        ]
        project.commits(3, on: "main", by: newcomers, titlePrefix: "First")
        project.createBranch("feature/fresh", from: "main")
        project.commits(250, on: "main", by: [authors[0]], titlePrefix: "Import")
        counts["projects created", default: 0] += 1
        return "create \(project.path), push 3 commits by 2 new authors, a branch, then 250 commits"
    }
}
