import FakeGitLab

/// The projects of the scripted cases (`SoakCase`), built before watching begins.
struct SoakCaseProjects {
    /// Gets the 2,500-commit push.
    let big: FakeProject
    /// Pat's only commit in it is a web-UI merge.
    let merged: FakeProject
    /// Archived right after a push.
    let archived: FakeProject
    /// Deleted right after a push.
    let doomed: FakeProject
    /// Its branch `recreate-me` is deleted and created again while glwatch is down.
    let recreate: FakeProject
    /// The member who can see every project.
    let user: FakeUser
    /// The person whose only commit before the start is a merge made in the web UI.
    let pat = FakeAuthor(name: "Pat Mergefirst", email: "pat@soak.example")

    init(fake: FakeGitLab, user: FakeUser, authors: [FakeAuthor]) {
        self.user = user
        func project(_ name: String) -> FakeProject {
            let project = fake.addProject("\(SoakWorld.group)/\(name)", visibility: .private, members: [user])
            project.generateHistory(commits: 12, authors: authors, mergeEvery: nil)
            return project
        }
        big = project("big")
        merged = project("merged")
        merged.createBranch("topic", from: "main")
        merged.commit("Topic work", on: "topic", by: authors[0], files: ["src/topic.swift"])
        merged.merge("topic", into: "main", by: pat)  // the web UI's merge commit, authored by Pat
        merged.deleteBranch("topic")
        archived = project("archived")
        doomed = project("doomed")
        recreate = project("recreate")
        recreate.createBranch("recreate-me", from: "main")
    }
}
