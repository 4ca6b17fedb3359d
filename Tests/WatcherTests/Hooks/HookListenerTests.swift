import Foundation
import Logging
import Notifier
import Testing

@testable import Watcher

/// The listener over real HTTP on 127.0.0.1: GitLab's documented payloads are accepted and reach the engine,
/// every bad input gets its status, and nothing waits for a poll.
@Suite(.timeLimit(.minutes(5))) struct HookListenerTests {
    static let token = "hook-token-0123456789"

    typealias Post = (_ path: String, _ headers: GitLabHTTPHeaders, _ body: String) async throws -> GitLabHTTPResponse

    /// Starts a listener (port 0, path `/gitlab`, body limit `maxBody`) over `target`; runs `body` with a POST
    /// function; always stops it.
    private func withListener(
        _ target: RecordingHookTarget,
        maxBody: Int = 64 << 10,
        _ body: (Post) async throws -> Void
    ) async throws {
        let receiver = try HookReceiver(
            token: Secret(Self.token),
            instance: "gitlab.com",
            target: target,
            repeats: HookRepeats(now: { Date(timeIntervalSince1970: 0) }),
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        let listener = HookListener(
            configuration: .init(host: "127.0.0.1", port: 0, path: "/gitlab", maxBody: maxBody),
            receiver: receiver,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        let port = try await listener.start()
        let transport = try AsyncHTTPClientGitLabTransport()
        do {
            try await body { path, headers, text in
                var all = headers
                all.add(name: "Content-Type", value: "application/json")
                return try await transport.execute(
                    GitLabHTTPRequest(
                        method: "POST",
                        url: URL(string: "http://127.0.0.1:\(port)\(path)")!,
                        headers: all,
                        body: Array(text.utf8),
                        timeout: .seconds(10)
                    )
                )
            }
        } catch {
            try? await transport.shutdown()
            await listener.stop()
            throw error
        }
        try await transport.shutdown()
        await listener.stop()
    }

    private func headers(_ event: String, token: String? = token) -> GitLabHTTPHeaders {
        var headers: GitLabHTTPHeaders = ["X-Gitlab-Event": event]
        if let token { headers.add(name: "X-Gitlab-Token", value: token) }
        return headers
    }

    @Test func testPost_documentedPayloadsAreAcceptedAndReachTheEngine() async throws {
        let target = RecordingHookTarget()
        try await withListener(target) { post in
            // When GitLab posts a push, a tag push, a system push and a project_create hook
            let answers = [
                try await post("/gitlab", headers("Push Hook"), GitLabHookFixtures.push),
                try await post("/gitlab", headers("Tag Push Hook"), GitLabHookFixtures.tagPush),
                try await post("/gitlab", headers("System Hook"), GitLabHookFixtures.systemPush),
                try await post("/gitlab", headers("System Hook"), GitLabHookFixtures.projectCreate),
            ]
            // Then each is answered 200 and its hint reaches the engine
            #expect(answers.map(\.status) == [200, 200, 200, 200])
            #expect(String(decoding: answers[0].body, as: UTF8.self) == "{\"outcome\":\"polled\"}\n")
            #expect(target.hints.map(\.event) == ["push", "tag_push", "push", "project_create"])
            #expect(target.hints.map(\.project) == [15, 1, 15, 74])
        }
    }

    @Test func testPost_aWrongTokenIs401() async throws {
        let target = RecordingHookTarget()
        try await withListener(target) { post in
            let wrong = try await post("/gitlab", headers("Push Hook", token: "guess"), GitLabHookFixtures.push)
            let missing = try await post("/gitlab", headers("Push Hook", token: nil), GitLabHookFixtures.push)
            #expect(wrong.status == 401)
            #expect(missing.status == 401)
            #expect(target.hints.isEmpty)
        }
    }

    @Test func testPost_aBodyOverTheLimitIs413() async throws {
        let target = RecordingHookTarget()
        try await withListener(target, maxBody: 2048) { post in
            let padding = String(repeating: "x", count: 4096)
            let big = "{\"project_id\": 15, \"ref\": \"refs/heads/main\", \"padding\": \"\(padding)\"}"
            let answer = try await post("/gitlab", headers("Push Hook"), big)
            #expect(answer.status == 413)
            #expect(target.hints.isEmpty)
        }
    }

    @Test func testPost_malformedJSONIs400() async throws {
        let target = RecordingHookTarget()
        try await withListener(target) { post in
            let answer = try await post("/gitlab", headers("Push Hook"), "{\"project_id\": 15,")
            #expect(answer.status == 400)
            #expect(String(decoding: answer.body, as: UTF8.self).contains("the body is not JSON"))
            #expect(target.hints.isEmpty)
        }
    }

    @Test func testPost_anUnknownEventIs200AndIgnored() async throws {
        let target = RecordingHookTarget()
        try await withListener(target) { post in
            let answer = try await post(
                "/gitlab",
                headers("Merge Request Hook"),
                "{\"object_kind\": \"merge_request\"}"
            )
            #expect(answer.status == 200)
            #expect(String(decoding: answer.body, as: UTF8.self) == "{\"outcome\":\"unknown_event\"}\n")
            #expect(target.hints.isEmpty)
        }
    }

    @Test func testPost_anUnwatchedProjectIs200AndIgnored() async throws {
        let target = RecordingHookTarget(answering: .unwatched)
        try await withListener(target) { post in
            let answer = try await post("/gitlab", headers("Push Hook"), GitLabHookFixtures.push)
            #expect(answer.status == 200)
            #expect(String(decoding: answer.body, as: UTF8.self) == "{\"outcome\":\"unwatched\"}\n")
        }
    }

    @Test func testPost_anotherPathIs404() async throws {
        let target = RecordingHookTarget()
        try await withListener(target) { post in
            let answer = try await post("/metrics", headers("Push Hook"), GitLabHookFixtures.push)
            #expect(answer.status == 404)
            #expect(target.hints.isEmpty)
        }
    }

    @Test func testPost_aRetryWithTheSameIdempotencyKeyIsDropped() async throws {
        let target = RecordingHookTarget()
        try await withListener(target) { post in
            var retry = headers("Push Hook")
            retry.add(name: "Idempotency-Key", value: "908a6d9e-45fd-46c8-97e6-c4f350f219dd")
            let first = try await post("/gitlab", retry, GitLabHookFixtures.push)
            let second = try await post("/gitlab", retry, GitLabHookFixtures.push)
            #expect(first.status == 200)
            #expect(second.status == 200)
            #expect(String(decoding: second.body, as: UTF8.self) == "{\"outcome\":\"duplicate\"}\n")
            #expect(target.hints.count == 1)
        }
    }
}
