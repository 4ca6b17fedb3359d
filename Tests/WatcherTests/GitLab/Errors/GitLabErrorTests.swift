import Foundation
import Testing

@testable import Watcher

@Suite struct GitLabErrorTests {
    private let context = GitLabErrorContext(
        host: "gitlab.example.com",
        method: "GET",
        endpoint: "/projects/:id",
        resource: "project acme/api"
    )

    @Test func testDescriptions_nameHostResourceAndStatus() {
        #expect(
            GitLabError.notFound(context, missing: .project, message: "404 Project Not Found").description
                == "gitlab.example.com: project acme/api not found (HTTP 404, GET /projects/:id): 404 Project Not Found"
                + " — it does not exist, or the token cannot see it"
        )
        #expect(
            GitLabError.rateLimited(context, retryAfter: .seconds(30)).description
                == "gitlab.example.com: rate limited on project acme/api (HTTP 429, GET /projects/:id); GitLab asks to retry after 30 s"
        )
        #expect(
            GitLabError.server(context, status: 503, message: nil).description
                == "gitlab.example.com: GitLab failed on project acme/api (HTTP 503, GET /projects/:id)"
        )
        #expect(
            GitLabError.decoding(context, path: "$.id", detail: "expected a number").description
                == "gitlab.example.com: unexpected answer to GET /projects/:id for project acme/api at $.id: expected a number"
        )
        #expect(GitLabError.timeout(context, after: .milliseconds(250)).description.hasSuffix("timed out after 250 ms"))
        #expect(GitLabError.forbidden(context, message: nil).description.contains("HTTP 403"))
        #expect(GitLabError.unauthorized(context, message: nil).description.contains("HTTP 401"))
        #expect(
            GitLabError.passwordGrantRefused(context, message: "unsupported_grant_type").description.contains(
                "personal access token"
            )
        )
        #expect((GitLabError.cancelled(context) as any Error).localizedDescription.contains("was cancelled"))
    }

    @Test func testClassification() {
        #expect(GitLabError.rateLimited(context, retryAfter: nil).isTransient)
        #expect(GitLabError.timeout(context, after: .seconds(1)).isTransient)
        #expect(!GitLabError.notFound(context, missing: .unnamed, message: nil).isTransient)
        #expect(GitLabError.rejected(context, status: 400, message: nil).status == 400)
        #expect(GitLabError.transport(context, detail: "reset").status == nil)
    }

    @Test(arguments: [
        (#"{"message":"404 Project Not Found"}"#, "404 Project Not Found"),
        (#"{"error":"404 Not Found"}"#, "404 Not Found"),
        (#"{"error":"invalid_token","error_description":"Token is expired."}"#, "invalid_token: Token is expired."),
        (
            #"{"message":{"bio":["is too long (maximum is 255 characters)"]}}"#,
            "bio: is too long (maximum is 255 characters)"
        ),
        (
            #"{"message":{"error":"This endpoint has been requested too many times."}}"#,
            "error: This endpoint has been requested too many times."
        ),
        ("Retry later\n", "Retry later"),
    ])
    func testErrorBody_readsEveryShapeGitLabUses(body: String, message: String) {
        #expect(GitLabErrorBody.message(from: Array(body.utf8)) == message)
    }

    @Test func testErrorBody_emptyIsNil() {
        #expect(GitLabErrorBody.message(from: []) == nil)
        #expect(GitLabErrorBody.message(from: Array("  \n".utf8)) == nil)
    }
}
