import FakeGitLab
import Foundation
import Testing

@testable import Watcher

/// The fake's own contract, checked on the wire: GitLab's headers, bodies and status codes.
@Suite struct FakeGitLabTests {
    /// Starts `gitlab`, sends raw requests through the live transport, and stops it.
    private func withRaw(
        _ gitlab: FakeGitLab,
        _ body: (_ get: (String, [String: String]) async throws -> GitLabHTTPResponse) async throws -> Void
    ) async throws {
        try await gitlab.start()
        let transport = try AsyncHTTPClientGitLabTransport()
        do {
            try await body { path, headers in
                var fields = GitLabHTTPHeaders()
                for (name, value) in headers { fields.add(name: name, value: value) }
                let url = URL(string: gitlab.baseURL.absoluteString + path)!
                return try await transport.execute(
                    GitLabHTTPRequest(method: "GET", url: url, headers: fields, timeout: .seconds(10))
                )
            }
        } catch {
            try? await transport.shutdown()
            await gitlab.stop()
            throw error
        }
        try await transport.shutdown()
        await gitlab.stop()
    }

    private func text(_ response: GitLabHTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func testOffsetPagination_headersAndLinks() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        api.commits(1)
        for index in 1...7 { api.createBranch("b\(index)", from: "main") }

        try await withRaw(gitlab) { get in
            let response = try await get("/api/v4/projects/\(api.id)/repository/branches?per_page=3&page=2", [:])

            #expect(response.headers["x-page"] == "2")
            #expect(response.headers["X-Per-Page"] == "3")
            #expect(response.headers["X-Next-Page"] == "3")
            #expect(response.headers["X-Prev-Page"] == "1")
            #expect(response.headers["X-Total"] == "8")
            #expect(response.headers["X-Total-Pages"] == "3")
            let link = try #require(response.headers["Link"])
            #expect(link.contains("per_page=3&page=3>; rel=\"next\""))
            #expect(link.contains("rel=\"last\""))
            #expect(response.headers["Content-Type"] == "application/json")
        }
    }

    @Test func testCommitDiff_ofAMerge_isAgainstItsFirstParent() async throws {
        // Given a feature branch touching src/ merged into main, whose own commits touch only docs/
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        api.commit("Start", files: ["README.md"])
        api.createBranch("feature", from: "main")
        api.commit("Parser", on: "feature", files: ["src/parser.swift"])
        let docs = api.commit("Docs", on: "main", files: ["docs/a.md"])
        let merge = api.merge("feature", into: "main")

        try await withRaw(gitlab) { get in
            // Then the merge commit's diff is what the merge brought into main (GitLab diffs against the first
            // parent), and an ordinary commit's diff is its own files
            let merged = try await get("/api/v4/projects/\(api.id)/repository/commits/\(merge)/diff", [:])
            #expect(text(merged).contains("\"new_path\":\"src/parser.swift\""))
            #expect(!text(merged).contains("docs/a.md"))
            let own = try await get("/api/v4/projects/\(api.id)/repository/commits/\(docs)/diff", [:])
            #expect(text(own).contains("docs/a.md"))
            #expect(!text(own).contains("src/parser.swift"))
        }
    }

    @Test func testCommits_neverCountAndPointOnAfterAFullPage() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        api.commits(6)

        try await withRaw(gitlab) { get in
            let full = try await get("/api/v4/projects/\(api.id)/repository/commits?per_page=3&page=2", [:])
            let empty = try await get("/api/v4/projects/\(api.id)/repository/commits?per_page=3&page=3", [:])

            #expect(full.headers["X-Total"] == nil)
            #expect(full.headers["X-Total-Pages"] == nil)
            #expect(full.headers["X-Next-Page"] == "3")
            #expect(full.headers["Link"]?.contains("rel=\"last\"") == false)
            #expect(text(empty) == "[]")
            #expect(empty.headers["X-Next-Page"] == "")
        }
    }

    @Test func testTotals_areOmittedAboveTheLimit() async throws {
        let gitlab = FakeGitLab(configuration: FakeGitLabConfiguration(totalsLimit: 10))
        for index in 1...11 { gitlab.addProject("acme/p\(index)") }

        try await withRaw(gitlab) { get in
            let over = try await get("/api/v4/groups/acme/projects?per_page=5", [:])

            #expect(over.headers["X-Total"] == nil)
            #expect(over.headers["X-Next-Page"] == "2")
            #expect(over.headers["Link"]?.contains("rel=\"last\"") == false)
        }
    }

    @Test func testPerPage_isCappedAndValidated() async throws {
        let gitlab = FakeGitLab()
        for index in 1...3 { gitlab.addProject("acme/p\(index)") }

        try await withRaw(gitlab) { get in
            let capped = try await get("/api/v4/groups/acme/projects?per_page=500", [:])
            let zero = try await get("/api/v4/groups/acme/projects?per_page=0", [:])

            #expect(capped.headers["X-Per-Page"] == "100")
            #expect(zero.status == 400)
            #expect(text(zero) == #"{"error":"per_page does not have a valid value"}"#)
        }
    }

    @Test func testErrorShapes_ofGitLab() async throws {
        let gitlab = FakeGitLab()
        let alice = gitlab.addUser("alice")
        let narrow = gitlab.addPersonalAccessToken(for: alice, scopes: ["read_user"])
        let api = gitlab.addProject("acme/api")
        api.commits(1)

        try await withRaw(gitlab) { get in
            let route = try await get("/api/v4/nothing/here", [:])
            let rawSlash = try await get("/api/v4/projects/acme/api", [:])
            let branch = try await get("/api/v4/projects/\(api.id)/repository/branches/nope", [:])
            let unauthorized = try await get("/api/v4/user", ["PRIVATE-TOKEN": "glpat-unknown"])
            let scope = try await get("/api/v4/projects/\(api.id)", ["PRIVATE-TOKEN": narrow])
            let v3 = try await get("/api/v3/projects", [:])
            let range = try await get("/api/v4/projects/\(api.id)/repository/commits?ref_name=a...b", [:])

            #expect(route.status == 404 && text(route) == #"{"error":"404 Not Found"}"#)
            #expect(rawSlash.status == 404)  // a raw "/" in a project path is an unknown route
            #expect(text(branch) == #"{"message":"404 Branch Not Found"}"#)
            #expect(unauthorized.status == 401 && text(unauthorized) == #"{"message":"401 Unauthorized"}"#)
            #expect(scope.status == 403 && text(scope).contains(#""error":"insufficient_scope""#))
            #expect(v3.status == 410)
            #expect(range.status == 400 && text(range) == #"{"message":"ref_name is invalid"}"#)
        }
    }

    @Test func testMergeBase_answersAsGitLabDoes_forTooFewRefsUnknownRefsAndUnrelatedHistories() async throws {
        // Given a branch, an unrelated history pushed over another one, and a commit that was never pushed
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        let main = api.commits(3)
        api.createBranch("old", from: "main")
        let unrelated = api.replaceWithUnrelatedHistory("old", adding: 2)
        let path = "/api/v4/projects/\(api.id)/repository/merge_base"
        let absent = String(repeating: "e", count: 40)

        try await withRaw(gitlab) { get in
            let one = try await get("\(path)?refs%5B%5D=main", [:])
            let unknown = try await get("\(path)?refs%5B%5D=main&refs%5B%5D=\(absent)", [:])
            let twoUnknown = try await get("\(path)?refs%5B%5D=nope&refs%5B%5D=\(absent)", [:])
            let none = try await get("\(path)?refs%5B%5D=main&refs%5B%5D=old", [:])
            let base = try await get("\(path)?refs%5B%5D=\(main[0])&refs%5B%5D=main", [:])

            // Then (lib/api/repositories.rb): 400 for fewer than two refs and for refs that do not resolve, 404
            // when the commits share no ancestor, the commit otherwise
            #expect(one.status == 400 && text(one) == #"{"message":"Provide at least 2 refs"}"#)
            #expect(unknown.status == 400 && text(unknown) == #"{"message":"Could not find ref: \#(absent)"}"#)
            #expect(
                twoUnknown.status == 400 && text(twoUnknown) == #"{"message":"Could not find refs: nope, \#(absent)"}"#
            )
            #expect(none.status == 404 && text(none) == #"{"message":"404 Merge Base Not Found"}"#)
            #expect(base.status == 200 && text(base).contains(#""id":"\#(main[0])""#))
            #expect(api.head(of: "old") == unrelated.last)
        }
    }

    @Test func testHousekeeping_prunesAForcePushedAwayHead_whichThenAnswersAsAtGitLab() async throws {
        // Given a branch force-pushed over its last two commits, and housekeeping run afterwards
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        let before = api.commits(3)
        let rewritten = api.rewrite("main", dropping: 2, adding: 1)
        #expect(api.pruneUnreachableCommits() == 2)
        let gone = before[2]
        let root = "/api/v4/projects/\(api.id)/repository"

        try await withRaw(gitlab) { get in
            let single = try await get("\(root)/commits/\(gone)", [:])
            let range = try await get("\(root)/commits?ref_name=\(gone)..\(rewritten[0])", [:])
            let base = try await get("\(root)/merge_base?refs%5B%5D=\(gone)&refs%5B%5D=main", [:])
            let compare = try await get("\(root)/compare?from=\(gone)&to=main", [:])
            let kept = try await get("\(root)/commits/\(before[0])", [:])

            // Then the pruned head answers as at GitLab (docs/gitlab-api.md), and what a branch reaches is kept
            #expect(single.status == 404 && text(single) == #"{"message":"404 Commit Not Found"}"#)
            #expect(range.status == 400 && text(range) == #"{"message":"ref_name is invalid"}"#)
            #expect(base.status == 400 && text(base) == #"{"message":"Could not find ref: \#(gone)"}"#)
            #expect(compare.status == 404 && text(compare) == #"{"message":"404 Ref Not Found"}"#)
            #expect(kept.status == 200)
        }
    }

    @Test func testThrottle_answers429TheWayRackAttackDoes() async throws {
        // A fixed clock in the middle of a window: with the system clock the two requests could straddle a window
        // boundary (windows are aligned to the period) and the second one would be allowed.
        let midWindow = Date(timeIntervalSince1970: 1_800_000_030)
        let gitlab = FakeGitLab(configuration: FakeGitLabConfiguration(clock: FakeGitLabClosureClock { midWindow }))
        gitlab.rateLimit = FakeRateLimit(limit: 1, period: 60)
        gitlab.addProject("acme/api")

        try await withRaw(gitlab) { get in
            let allowed = try await get("/api/v4/projects/acme%2Fapi", [:])
            let throttled = try await get("/api/v4/projects/acme%2Fapi", [:])

            #expect(allowed.status == 200)
            #expect(allowed.headers["RateLimit-Remaining"] == "0")
            #expect(allowed.headers["RateLimit-Limit"] == "1")
            #expect(throttled.status == 429)
            #expect(text(throttled) == "Retry later\n")
            #expect(throttled.headers["RateLimit-Observed"] == "2")
            #expect(Int(throttled.headers["Retry-After"] ?? "") != nil)
            #expect(throttled.headers["RateLimit-ResetTime"]?.hasSuffix("GMT") == true)
        }
    }

    @Test func testOffsetBeyondTheMaximum_isRefusedForProjects() async throws {
        let gitlab = FakeGitLab(configuration: FakeGitLabConfiguration(maximumOffset: 10))
        gitlab.addProject("acme/api")

        try await withRaw(gitlab) { get in
            let refused = try await get("/api/v4/projects?per_page=5&page=4", [:])

            #expect(refused.status == 405)
            #expect(text(refused).contains("keyset pagination"))
        }
    }

    @Test func testRequestLog_andWaitingForRequests() async throws {
        let gitlab = FakeGitLab()
        gitlab.addProject("acme/api")

        try await withRaw(gitlab) { get in
            _ = try await get("/api/v4/projects/acme%2Fapi", ["User-Agent": "probe/1"])
            _ = try await get("/api/v4/projects/acme%2Fapi/repository/branches", [:])
            await gitlab.waitForRequests(2)

            #expect(gitlab.requestCount() == 2)
            #expect(gitlab.requestCount(matching: .pathContaining("/repository/")) == 1)
            #expect(gitlab.requests.first?.header("user-agent") == "probe/1")
            #expect(gitlab.requests.map(\.status) == [200, 200])
            gitlab.resetRequestLog()
            #expect(gitlab.requests.isEmpty)
        }
    }

    @Test func testCommitGraph_mergesForcePushesAndDeterministicSHAs() {
        let make = { () -> [String] in
            let gitlab = FakeGitLab()
            let api = gitlab.addProject("acme/api")
            let base = api.commits(3, on: "main")
            api.createBranch("topic", from: "main")
            api.commits(2, on: "topic")
            let merge = api.merge("topic", into: "main")
            return base + [merge]
        }
        let first = make()
        let second = make()
        #expect(first == second)

        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        let history = api.commits(4, on: "main")
        let rewritten = api.rewrite("main", dropping: 2, adding: 1)

        #expect(api.log("main") == [rewritten[0], history[1], history[0]])
        #expect(api.log(history[3]).count == 4)  // the old head is still in the object store
        #expect(api.defaultBranch == "main")
    }
}
