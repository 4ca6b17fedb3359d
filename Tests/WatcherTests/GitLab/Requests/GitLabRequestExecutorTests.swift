import Foundation
import Testing

@testable import Watcher

/// The retry, backoff, redirect and classification rules, in virtual time over a scripted transport.
@Suite struct GitLabRequestExecutorTests {
    private func get(
        _ scripted: ScriptedClient,
        _ project: GitLabProjectRef = 81
    ) async -> Result<GitLabProject, GitLabError> {
        do {
            let project = try await scripted.driver.run { try await scripted.client.projects.get(project) }
            return .success(project)
        } catch {
            return .failure(error as! GitLabError)
        }
    }

    @Test func test429_waitsExactlyTheRetryAfterSecondsThenRetries() async throws {
        let scripted = ScriptedClient([
            ScriptedTransport.json(429, "Retry later", headers: ["Retry-After": "30"]),
            ScriptedTransport.json(200, Payload.project),
        ])

        let project = try await get(scripted).get()

        #expect(project.id == 81)
        #expect(scripted.times == [0, 30])
    }

    @Test func test429_honoursRetryAfterGivenAsAnHTTPDate() async throws {
        let scripted = ScriptedClient([
            ScriptedTransport.json(429, "Retry later", headers: ["Retry-After": "Mon, 01 Jan 2024 00:00:45 GMT"]),
            ScriptedTransport.json(200, Payload.project),
        ])

        _ = try await get(scripted).get()

        #expect(scripted.times == [0, 45])
    }

    @Test func test429_withoutRetryAfter_waitsUntilRateLimitReset() async throws {
        let scripted = ScriptedClient([
            ScriptedTransport.json(
                429,
                #"{"message":{"error":"too many"}}"#,
                headers: ["RateLimit-Reset": "1704067220"]
            ),
            ScriptedTransport.json(200, Payload.project),
        ])

        _ = try await get(scripted).get()

        #expect(scripted.times == [0, 20])
    }

    @Test func test503_retriesWithFullJitterExponentialBackoff() async throws {
        let scripted = ScriptedClient([
            ScriptedTransport.json(503, ""), ScriptedTransport.json(502, ""), ScriptedTransport.json(504, ""),
            ScriptedTransport.json(200, Payload.project),
        ])

        _ = try await get(scripted).get()

        // jitter 0.5 of ceilings 0.5 s, 1 s, 2 s
        #expect(scripted.times == [0, 0.25, 0.75, 1.75])
    }

    @Test func test500And52x_areTransient_retriedWithBackoff() async throws {
        // Given GitLab answering 500 (Gitaly timed out) and then a proxy's 520 before succeeding
        let scripted = ScriptedClient([
            ScriptedTransport.json(500, #"{"message":"500 Internal Server Error"}"#), ScriptedTransport.json(520, ""),
            ScriptedTransport.json(200, Payload.project),
        ])

        // When a GET is sent
        let project = try await get(scripted).get()

        // Then it is retried after the jittered backoff (0.5 of ceilings 0.5 s, 1 s) and succeeds
        #expect(project.id == 81)
        #expect(scripted.times == [0, 0.25, 0.75])
    }

    @Test func test500_withRetryAfter_waitsAsAsked() async throws {
        let scripted = ScriptedClient([
            ScriptedTransport.json(500, "", headers: ["Retry-After": "3"]),
            ScriptedTransport.json(200, Payload.project),
        ])

        _ = try await get(scripted).get()

        #expect(scripted.times == [0, 3])
    }

    @Test func test503_honoursRetryAfter() async throws {
        let scripted = ScriptedClient([
            ScriptedTransport.json(503, "", headers: ["Retry-After": "7"]),
            ScriptedTransport.json(200, Payload.project),
        ])

        _ = try await get(scripted).get()

        #expect(scripted.times == [0, 7])
    }

    @Test(arguments: [
        (404, #"{"message":"404 Project Not Found"}"#), (400, #"{"message":"ref_name is invalid"}"#),
        (501, #"{"message":"501 Not Implemented"}"#), (409, #"{"message":"409 Conflict: Resource lock"}"#),
        (403, #"{"message":"403 Forbidden"}"#), (401, #"{"message":"401 Unauthorized"}"#),
    ])
    func testOtherStatuses_areNeverRetried(status: Int, body: String) async {
        let scripted = ScriptedClient([
            ScriptedTransport.json(status, body), ScriptedTransport.json(200, Payload.project),
        ])

        let result = await get(scripted)

        #expect(scripted.times == [0])
        guard case .failure(let error) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.status == status)
        #expect(error.description.contains("HTTP \(status)"))
        #expect(error.description.contains("project 81"))
    }

    @Test func testErrorMessages_carryGitLabsMessage() async {
        let scripted = ScriptedClient([ScriptedTransport.json(404, #"{"message":"404 Project Not Found"}"#)])

        let result = await get(scripted, "acme/gone")

        guard case .failure(.notFound(let context, _, let message)) = result else {
            Issue.record("expected notFound, got \(result)")
            return
        }
        #expect(context.host == "gitlab.example.com")
        #expect(context.resource == "project acme/gone")
        #expect(context.endpoint == "/projects/:id")
        #expect(message == "404 Project Not Found")
    }

    @Test func testPersistent429_givesUpAfterMaximumRetriesWithTheRetryAfter() async {
        let scripted = ScriptedClient(
            Array(repeating: ScriptedTransport.json(429, "Retry later", headers: ["Retry-After": "30"]), count: 10),
            retry: GitLabRetryPolicy(maximumRetries: 3)
        )

        let result = await get(scripted)

        #expect(scripted.times == [0, 30, 60, 90])
        guard case .failure(.rateLimited(_, let retryAfter)) = result else {
            Issue.record("expected rateLimited, got \(result)")
            return
        }
        #expect(retryAfter == .seconds(30))
    }

    @Test func testRetryAfterBeyondTheMaximumWait_failsAtOnce() async {
        let scripted = ScriptedClient(
            [ScriptedTransport.json(429, "Retry later", headers: ["Retry-After": "3600"])],
            retry: GitLabRetryPolicy(maximumServerWait: .seconds(300))
        )

        let result = await get(scripted)

        #expect(scripted.times == [0])
        guard case .failure(.rateLimited(_, let retryAfter)) = result else {
            Issue.record("expected rateLimited, got \(result)")
            return
        }
        #expect(retryAfter == .seconds(3600))
    }

    @Test func testLongThrottle_failsLaterRequestsToTheHostWithoutSendingThem() async {
        let scripted = ScriptedClient(
            [ScriptedTransport.json(429, "Retry later", headers: ["Retry-After": "3600"])],
            retry: GitLabRetryPolicy(maximumServerWait: .seconds(300))
        )

        _ = await get(scripted)
        let second = await get(scripted, 82)

        #expect(scripted.times == [0])  // the second request never reached GitLab
        guard case .failure(.rateLimited(let context, let retryAfter)) = second else {
            Issue.record("expected rateLimited, got \(second)")
            return
        }
        #expect(context.resource == "project 82")
        #expect(retryAfter == .seconds(3600))
        #expect(scripted.client.rateLimiter.currentState.isThrottled)
    }

    @Test func testTransportTimeout_isRetriedForGET() async throws {
        let scripted = ScriptedClient([
            .fail(.timeout), .fail(.connection("connection reset by peer")),
            ScriptedTransport.json(200, Payload.project),
        ])

        _ = try await get(scripted).get()

        #expect(scripted.times == [0, 0.25, 0.75])
    }

    @Test func testTransportTimeout_exhaustedRetriesFailAsTimeout() async {
        let scripted = ScriptedClient([.fail(.timeout), .fail(.timeout)], retry: GitLabRetryPolicy(maximumRetries: 1))

        let result = await get(scripted)

        guard case .failure(.timeout(let context, _)) = result else {
            Issue.record("expected timeout, got \(result)")
            return
        }
        #expect(context.resource == "project 81")
        #expect(scripted.times.count == 2)
    }

    @Test func testServerErrorsOnPOST_areNotRetried() async {
        let scripted = ScriptedClient(
            [ScriptedTransport.json(503, ""), ScriptedTransport.json(200, "{}")],
            auth: .none
        )

        let result: Result<GitLabUser, GitLabError>
        do {
            let user = try await scripted.driver.run {
                try await scripted.client.logIn(username: "alice", password: GitLabSecret("pw-1234"))
            }
            result = .success(user)
        } catch {
            result = .failure(error as! GitLabError)
        }

        #expect(scripted.transport.sent.count == 1)
        #expect(scripted.transport.sent.first?.request.method == "POST")
        guard case .failure(.server(_, 503, _)) = result else {
            Issue.record("expected a 503, got \(result)")
            return
        }
    }

    @Test func testRedirect_sameHostIsFollowed() async throws {
        let scripted = ScriptedClient([
            .respond(
                GitLabHTTPResponse(status: 301, headers: ["Location": "https://gitlab.example.com/api/v4/projects/81"])
            ),
            ScriptedTransport.json(200, Payload.project),
        ])

        let project = try await get(scripted, "acme/old-name").get()

        #expect(project.pathWithNamespace == "acme/api")
        #expect(
            scripted.transport.sent.map(\.request.url.absoluteString) == [
                "https://gitlab.example.com/api/v4/projects/acme%2Fold-name",
                "https://gitlab.example.com/api/v4/projects/81",
            ]
        )
        #expect(scripted.transport.sent[1].request.headers["PRIVATE-TOKEN"] != nil)
    }

    @Test func testRedirect_toAnotherHostIsNotFollowedWithCredentials() async {
        let scripted = ScriptedClient([
            .respond(
                GitLabHTTPResponse(status: 301, headers: ["Location": "https://evil.example.net/api/v4/projects/81"])
            )
        ])

        let result = await get(scripted)

        #expect(scripted.transport.sent.count == 1)
        guard case .failure(.rejected(_, 301, let message)) = result else {
            Issue.record("expected rejected, got \(result)")
            return
        }
        #expect(message?.contains("evil.example.net") == true)
    }

    @Test func testEveryRequest_carriesUserAgentAcceptAndNoCache() async throws {
        let scripted = ScriptedClient([ScriptedTransport.json(200, Payload.project)])

        _ = try await get(scripted).get()

        let headers = try #require(scripted.transport.sent.first?.request.headers)
        #expect(headers["User-Agent"] == "glwatch/9.9.9")
        #expect(headers["Accept"] == "application/json")
        #expect(headers["Cache-Control"] == "no-cache")
        #expect(headers["PRIVATE-TOKEN"] == "glpat-scripted-secret-0001")
    }

    @Test func testDecodingFailure_isRetriedWithBackoff_thenSucceeds() async throws {
        // Given a proxy's HTML page answered with 200, then the real answer
        let scripted = ScriptedClient([
            ScriptedTransport.json(200, "<html><body>502 Bad Gateway</body></html>"),
            ScriptedTransport.json(200, Payload.project),
        ])

        // When a GET is sent
        let project = try await get(scripted).get()

        // Then it was retried after the jittered backoff (0.5 of 0.5 s)
        #expect(project.id == 81)
        #expect(scripted.times == [0, 0.25])
    }

    @Test func testDecodingFailure_namesEndpointResourceAndJSONPath() async {
        let scripted = ScriptedClient(
            [ScriptedTransport.json(200, #"{"id": "eighty-one", "name": "api"}"#)],
            retry: GitLabRetryPolicy.none
        )

        let result = await get(scripted)

        guard case .failure(.decoding(let context, let path, _)) = result else {
            Issue.record("expected decoding, got \(result)")
            return
        }
        #expect(path == "$.id")
        #expect(context.endpoint == "/projects/:id")
        #expect(context.resource == "project 81")
    }

    @Test func testRelativeURLRoot_isKept() async throws {
        let scripted = ScriptedClient(
            [ScriptedTransport.json(200, Payload.project)],
            host: "https://example.com/gitlab/"
        )

        _ = try await get(scripted).get()

        #expect(
            scripted.transport.sent.first?.request.url.absoluteString == "https://example.com/gitlab/api/v4/projects/81"
        )
    }
}
