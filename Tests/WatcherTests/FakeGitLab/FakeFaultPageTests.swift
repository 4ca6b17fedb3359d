import FakeGitLab
import Foundation
import Testing

@testable import Watcher

/// The fake's bad lists: a page repeated or skipped under the headers of the page asked for.
@Suite struct FakeFaultPageTests {
    /// The body and `X-Page` of page `page` (2 commits a page) of a 6-commit project under `fault`.
    private func page(_ page: Int, under fault: FakeFault.Kind?) async throws -> (ids: [String], xPage: String?) {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        api.commits(6)
        if let fault { gitlab.inject(FakeFault(fault, on: .pathContaining("/repository/commits"))) }
        try await gitlab.start()
        let transport = try AsyncHTTPClientGitLabTransport()
        let url = URL(string: gitlab.baseURL.absoluteString + "/api/v4/projects/\(api.id)/repository/commits?per_page=2&page=\(page)")!
        let response = try await transport.execute(
            GitLabHTTPRequest(method: "GET", url: url, headers: GitLabHTTPHeaders(), timeout: .seconds(10))
        )
        try await transport.shutdown()
        await gitlab.stop()
        let list = try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]] ?? []
        return (list.compactMap { $0["id"] as? String }, response.headers["X-Page"])
    }

    @Test func testRepeatPage_servesThePageBeforeUnderThisPagesHeaders() async throws {
        let first = try await page(1, under: nil)

        let repeated = try await page(2, under: .repeatPage)

        #expect(repeated.ids == first.ids)
        #expect(repeated.xPage == "2")
    }

    @Test func testSkipPage_servesThePageAfter() async throws {
        let third = try await page(3, under: nil)

        let skipped = try await page(2, under: .skipPage)

        #expect(skipped.ids == third.ids)
        #expect(skipped.ids.count == 2)
        #expect(skipped.xPage == "2")
    }

    @Test func testRepeatPage_onPageOne_changesNothing() async throws {
        let first = try await page(1, under: nil)

        #expect(try await page(1, under: .repeatPage).ids == first.ids)
    }

    @Test func testChaos_badAnswers_drawOnlyBadAnswerKinds() async throws {
        var kinds: [String] = []
        let chaos = FakeChaos(seed: 3, badAnswers: 1)
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        api.commits(1)
        gitlab.chaos = chaos
        try await gitlab.start()
        let transport = try AsyncHTTPClientGitLabTransport()
        let url = URL(string: gitlab.baseURL.absoluteString + "/api/v4/projects/\(api.id)")!
        for _ in 0..<20 {
            let response = try await transport.execute(
                GitLabHTTPRequest(method: "GET", url: url, headers: GitLabHTTPHeaders(), timeout: .seconds(10))
            )
            let valid = (try? JSONSerialization.jsonObject(with: Data(response.body))) != nil
            kinds.append("\(response.status) \(valid ? "json" : "bad")")
        }
        try await transport.shutdown()
        await gitlab.stop()

        #expect(kinds.allSatisfy { $0.hasPrefix("200") })
        #expect(kinds.contains("200 bad"), "\(kinds)")
    }
}
