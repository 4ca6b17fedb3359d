import ArgumentParser
import FakeGitLab
import Foundation
import Notifier
import Testing

@testable import Watcher

/// `glwatch hooks install` against the fake GitLab: adds the hook once, and says clearly why it cannot.
@Suite(.timeLimit(.minutes(5))) struct HooksInstallCommandTests {
    let url = "https://glwatch.example.com/gitlab"
    let secret = Secret("hook-s3cret")

    /// A fake with acme/api, and a token of `role` on it with `scopes`.
    private func world(
        role: FakeAccessLevel = .maintainer,
        scopes: Set<String> = ["api"],
        groupWebhooks: Bool = false
    ) -> (FakeGitLab, FakeProject, GitLabAuth) {
        let fake = FakeGitLab(configuration: FakeGitLabConfiguration(groupWebhooks: groupWebhooks))
        let alice = fake.addUser("alice")
        _ = fake.addGroup("acme")
        let api = fake.addProject("acme/api")
        api.addMember(alice, as: role)
        let token = fake.addPersonalAccessToken(for: alice, scopes: scopes)
        return (fake, api, .privateToken(GitLabSecret(token)))
    }

    private func install(
        _ fake: FakeGitLab,
        _ auth: GitLabAuth,
        _ owner: GitLabHooksAPI.Owner
    ) async throws
        -> Result<String, CLIError>
    {
        try await GitLabTestHarness.withClient(fake, auth: auth) { client in
            await HooksInstallCommand.install(client: client, owner: owner, url: url, token: secret)
        }
    }

    @Test func testInstall_addsAPushAndTagPushHookWithTheToken_once() async throws {
        // Given a maintainer's token with the api scope
        let (fake, api, auth) = world()

        // When the hook is installed twice
        let first = try await install(fake, auth, .project("acme/api"))
        let second = try await install(fake, auth, .project("acme/api"))

        // Then GitLab has one hook with the URL, the secret token and both triggers
        let hooks = fake.webhooks(of: api)
        #expect(hooks.count == 1)
        let hook = try #require(hooks.first)
        #expect(hook.url == url && hook.token == "hook-s3cret" && hook.pushEvents && hook.tagPushEvents)
        #expect(hook.sslVerification)
        #expect(
            try first.get()
                == "added webhook \(hook.id) to project acme/api: \(url), push and tag push events, with the secret token\n"
        )
        #expect(
            try second.get() == "project acme/api already has webhook \(hook.id) posting to \(url); nothing changed\n"
        )
    }

    @Test func testInstall_aReadAPITokenIsToldItNeedsTheAPIScope() async throws {
        let (fake, api, auth) = world(scopes: ["read_api"])
        let result = try await install(fake, auth, .project("acme/api"))
        #expect(
            result.failure?.description
                == "cannot add a webhook to project acme/api: the token needs the api scope (read_api cannot add "
                + "hooks) and the Maintainer role (Owner for a group) — GitLab answered 403"
        )
        #expect(fake.webhooks(of: api).isEmpty)
    }

    @Test func testInstall_aDeveloperIsRefused() async throws {
        let (fake, api, auth) = world(role: .developer)
        let result = try await install(fake, auth, .project(.id(api.id)))
        #expect(
            result.failure?.description.hasPrefix("cannot add a webhook to project \(api.id): the token needs") == true
        )
        #expect(fake.webhooks(of: api).isEmpty)
    }

    @Test func testInstall_aGroupHookOnTheFreeTierSaysItNeedsPremium() async throws {
        let (fake, _, auth) = world()
        let result = try await install(fake, auth, .group("acme"))
        #expect(
            result.failure?.description
                == "cannot add a webhook to group acme: GitLab answered 404 — group webhooks need GitLab Premium or "
                + "Ultimate, or the group does not exist for this token"
        )
    }

    @Test func testInstall_aGroupHookOnPremiumIsAdded() async throws {
        let (fake, _, auth) = world(groupWebhooks: true)
        let result = try await install(fake, auth, .group("acme"))
        #expect(try result.get().hasPrefix("added webhook"))
        #expect(fake.webhooks(ofGroup: "acme").map(\.url) == [url])
    }

    @Test func testParse_needsExactlyOneOfProjectAndGroup() {
        #expect(throws: (any Error).self) { try HooksInstallCommand.parse(["--public-url", "https://a.example"]) }
        #expect(throws: (any Error).self) {
            try HooksInstallCommand.parse(["--project", "a/b", "--group", "a", "--public-url", "https://a.example"])
        }
        #expect(throws: Never.self) {
            try HooksInstallCommand.parse(["--project", "a/b", "--public-url", "https://a.example"])
        }
    }
}

extension Result {
    /// The failure, if any.
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { failure } else { nil }
    }
}
