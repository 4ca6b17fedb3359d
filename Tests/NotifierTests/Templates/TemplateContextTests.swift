import Foundation
import Testing

@testable import Notifier

/// `TemplateContext.primaryURL(of:)`: the one link a message offers (the `url` template value, ntfy's click
/// action, Teams' button) is the most specific page GitLab has for the event.
@Suite struct TemplateContextTests {
    let project = ProjectRef(instance: "gl", id: 7, path: "acme/api", webURL: "https://gitlab.example.com/acme/api")
    let time = Date(timeIntervalSince1970: 1_700_000_000)
    let old = String(repeating: "a", count: 40)
    let new = String(repeating: "b", count: 40)

    @Test func testPrimaryURL_ofACreatedBranch_isTheBranchTree_withTheNameEncoded() {
        // Given a branch created with a slash and a space in its name
        let event = WatchEvent.branchCreated(project: project, branch: "feature/new thing", head: new, at: time)
        // When its link is chosen
        let url = TemplateContext.primaryURL(of: event)
        // Then it is the branch's tree, not the project page
        #expect(url == "https://gitlab.example.com/acme/api/-/tree/feature/new%20thing")
    }

    @Test func testPrimaryURL_ofADeletedBranch_isTheCommitItPointedAt() {
        let event = WatchEvent.branchDeleted(project: project, branch: "old", lastHead: old, at: time)
        #expect(TemplateContext.primaryURL(of: event) == "https://gitlab.example.com/acme/api/-/commit/\(old)")
    }

    @Test func testPrimaryURL_ofAForcePush_comparesTheOldAndNewHeads() {
        let event = WatchEvent.branchForcePushed(
            project: project, branch: "main", oldHead: old, newHead: new, droppedCount: 1,
            commits: CommitList(commits: []), at: time
        )
        let url = TemplateContext.primaryURL(of: event)
        #expect(url == "https://gitlab.example.com/acme/api/-/compare/\(old)...\(new)")
    }

    @Test func testForcePush_overAnUnrelatedHistory_saysSo_inItsSummaryAndValues() {
        // Given a force-push over a shared history and one that replaced the branch with an unrelated history
        let rewrite = WatchEvent.branchForcePushed(
            project: project, branch: "main", oldHead: old, newHead: new, droppedCount: 2,
            commits: CommitList(commits: []), at: time
        )
        let replaced = WatchEvent.branchForcePushed(
            project: project, branch: "main", oldHead: old, newHead: new, droppedCount: 4, unrelated: true,
            commits: CommitList(commits: []), at: time
        )
        // When their template values are built
        let rewriteValues = TemplateContext(events: [rewrite], dialect: .plain).values()
        let replacedValues = TemplateContext(events: [replaced], dialect: .plain).values()
        // Then the summary and `unrelated` tell them apart
        #expect(rewriteValues["summary"] as? String == "Branch main force-pushed in acme/api (2 dropped, 0 new)")
        #expect(
            replacedValues["summary"] as? String
                == "Branch main replaced by an unrelated history in acme/api (4 dropped, 0 new)"
        )
        #expect(rewriteValues["unrelated"] as? Bool == false && replacedValues["unrelated"] as? Bool == true)
    }

    @Test func testForcePush_fromAPrunedOldHead_saysSo_insteadOfADroppedCountNobodyKnows() {
        // Given a force-push whose old head GitLab's housekeeping pruned (nothing can count what it dropped)
        let pruned = WatchEvent.branchForcePushed(
            project: project, branch: "main", oldHead: old, newHead: new, droppedCount: 0, oldHeadPruned: true,
            commits: CommitList(commits: []), at: time
        )
        let rewrite = WatchEvent.branchForcePushed(
            project: project, branch: "main", oldHead: old, newHead: new, droppedCount: 2,
            commits: CommitList(commits: []), at: time
        )

        // When its values and the built-in chat and plain messages are made
        let values = TemplateContext(events: [pruned], dialect: .plain).values()
        let markdown = MessageTemplate.builtIn(.markdown).render([pruned], dialect: .markdown)
        let plain = MessageTemplate.builtIn(.plain).render([pruned], dialect: .plain)
        let ordinary = MessageTemplate.builtIn(.plain).render([rewrite], dialect: .plain)

        // Then they say the old head is gone, never "0 dropped"; an ordinary force-push still counts what it dropped
        #expect(values["old_head_pruned"] as? Bool == true)
        #expect(
            values["summary"] as? String
                == "Branch main force-pushed in acme/api (its old head is no longer on GitLab; 0 new)"
        )
        for text in [markdown, plain] {
            #expect(text.contains("its old head no longer on GitLab, 0 new"), "\(text)")
            #expect(!text.contains("dropped"), "\(text)")
        }
        #expect(ordinary.contains("2 dropped, 0 new") && !ordinary.contains("no longer on GitLab"))
    }

    @Test func testForcePush_storedBeforeUnrelatedExisted_decodesAsARewriteOfASharedHistory() throws {
        // Given a force-push encoded, then the "unrelated" key removed (an event stored by an earlier glwatch)
        let event = WatchEvent.branchForcePushed(
            project: project, branch: "main", oldHead: old, newHead: new, droppedCount: 1, unrelated: true,
            commits: CommitList(commits: []), at: time
        )
        let json = String(decoding: try event.jsonData(), as: UTF8.self)
        #expect(json.contains(#""unrelated":true"#))
        let older = json.replacingOccurrences(of: #","unrelated":true"#, with: "")
            .replacingOccurrences(of: #""unrelated":true,"#, with: "")
        #expect(!older.contains("unrelated"))
        // When decoded, then it is a force-push that is not marked unrelated, and nothing else changed
        let decoded = try WatchEvent.decode(json: Data(older.utf8))
        guard case .branchForcePushed(let details) = decoded.details else {
            Issue.record("not a force-push: \(decoded.type)")
            return
        }
        #expect(!details.unrelated && details.droppedCount == 1 && decoded.id == event.id)
    }

    @Test func testPrimaryURL_ofProjectEvents_isTheProjectPage_andNilWithoutOne() {
        // Given project events, with and without a known web URL
        let renamed = WatchEvent.projectRenamed(project: project, oldPath: "acme/old-api", at: time)
        let recovered = WatchEvent.projectRecovered(project: project, unreachableSince: time, at: time)
        var bare = project
        bare.webURL = nil
        // Then the link is the project page — or absent, never a guessed URL
        #expect(TemplateContext.primaryURL(of: renamed) == "https://gitlab.example.com/acme/api")
        #expect(TemplateContext.primaryURL(of: recovered) == "https://gitlab.example.com/acme/api")
        let deleted = WatchEvent.branchDeleted(project: bare, branch: "x", lastHead: old, at: time)
        #expect(TemplateContext.primaryURL(of: deleted) == nil)
        #expect(TemplateContext.primaryURL(of: .branchCreated(project: bare, branch: "x", head: new, at: time)) == nil)
    }
}
