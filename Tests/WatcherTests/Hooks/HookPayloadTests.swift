import Testing

@testable import Watcher

/// Reading GitLab's documented payloads into hints, and turning away what cannot be read.
@Suite struct HookPayloadTests {
    private func parse(_ event: String?, _ body: String) throws(HookPayloadError) -> HookPayload.Parsed {
        try HookPayload.parse(event: event, body: Array(body.utf8))
    }

    @Test func testParse_projectPushHookNamesTheProjectAndBranch() throws {
        let parsed = try parse("Push Hook", GitLabHookFixtures.push)
        #expect(parsed == .hint(HookHint(event: "push", kind: .push, project: 15, ref: "master", refType: "branch")))
    }

    @Test func testParse_tagPushHookIsATagHint() throws {
        let parsed = try parse("Tag Push Hook", GitLabHookFixtures.tagPush)
        #expect(parsed == .hint(HookHint(event: "tag_push", kind: .push, project: 1, ref: "v1.0.0", refType: "tag")))
    }

    @Test func testParse_systemPushHookIsReadByItsEventName() throws {
        let parsed = try parse("System Hook", GitLabHookFixtures.systemPush)
        #expect(parsed == .hint(HookHint(event: "push", kind: .push, project: 15, ref: "master", refType: "branch")))
    }

    @Test func testParse_repositoryUpdateWithOneChangeNamesItsRef() throws {
        let parsed = try parse("System Hook", GitLabHookFixtures.repositoryUpdate)
        #expect(
            parsed
                == .hint(
                    HookHint(event: "repository_update", kind: .push, project: 1, ref: "master", refType: "branch")
                )
        )
    }

    @Test func testParse_repositoryUpdateWithSeveralChangesNamesNoRef() throws {
        // Given a push of two refs: the whole project is polled
        let body = """
            {"event_name": "repository_update", "project_id": 9,
             "changes": [{"ref": "refs/heads/a"}, {"ref": "refs/heads/b"}], "refs": ["refs/heads/a", "refs/heads/b"]}
            """
        let parsed = try parse("System Hook", body)
        #expect(parsed == .hint(HookHint(event: "repository_update", kind: .push, project: 9, ref: nil, refType: nil)))
    }

    @Test func testParse_projectCreateIsALifecycleHint() throws {
        let parsed = try parse("System Hook", GitLabHookFixtures.projectCreate)
        #expect(
            parsed == .hint(HookHint(event: "project_create", kind: .lifecycle, project: 74, ref: nil, refType: nil))
        )
    }

    @Test func testParse_otherEventsAreUnknownNotErrors() throws {
        #expect(try parse("Merge Request Hook", "{}") == .unknownEvent("Merge Request Hook"))
        #expect(try parse("System Hook", GitLabHookFixtures.userCreate) == .unknownEvent("user_create"))
        #expect(try parse(nil, GitLabHookFixtures.push) == .unknownEvent("(no X-Gitlab-Event)"))
    }

    @Test func testParse_malformedBodiesSayWhatIsWrong() {
        let cases: [(String, String, String)] = [
            ("Push Hook", "{\"project_id\": ", "the body is not JSON"),
            ("Push Hook", "[1, 2]", "the body is not a JSON object"),
            ("Push Hook", "{\"ref\": \"refs/heads/main\"}", "no positive integer \"project_id\""),
            ("Push Hook", "{\"project_id\": \"15\"}", "no positive integer \"project_id\""),
            ("Push Hook", "{\"project_id\": -3}", "no positive integer \"project_id\""),
            ("Push Hook", "{\"project_id\": 1.5}", "no positive integer \"project_id\""),
            ("Push Hook", "{\"project_id\": true}", "no positive integer \"project_id\""),
            ("System Hook", "{\"project_id\": 4}", "a system hook without \"event_name\""),
        ]
        for (event, body, message) in cases {
            #expect(throws: HookPayloadError(message), "\(body)") { try parse(event, body) }
        }
    }

    @Test func testParse_theProjectObjectsIdIsTheFallback() throws {
        let parsed = try parse("Push Hook", "{\"ref\": \"refs/heads/dev\", \"project\": {\"id\": 8}}")
        #expect(parsed == .hint(HookHint(event: "push", kind: .push, project: 8, ref: "dev", refType: "branch")))
    }

    @Test func testHint_descriptionQuotesTheRefGitLabSent() {
        let hint = HookHint(event: "push", kind: .push, project: 3, ref: "evil\n\u{1B}[31m", refType: "branch")
        #expect(hint.description == "push 3 \"evil\\n\\u{1B}[31m\" (branch)")
    }
}
