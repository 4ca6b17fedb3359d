import Foundation
import Notifier
import Testing

@Suite struct DryRunTests {
    static let configurationYAML = """
        sinks:
          chat: { type: slack, url_env: SLACK_URL }
          audit: { type: webhook, url_env: HOOK_URL, secret_env: HOOK_SECRET }
        rules:
          - name: audit
            notify: [audit]
            continue: true
          - name: docs
            events: [commits.new]
            paths: ["docs/**"]
            notify: [chat]
          - name: quiet
            drop: true
        """

    static func configuration() throws -> NotifierConfiguration {
        try NotifierConfiguration.load(
            yaml: configurationYAML,
            file: "glwatch.yaml",
            environment: FakeEnvironment(
                variables: [
                    "SLACK_URL": "https://hooks.slack.com/services/T0/B0/SLACKSECRET",
                    "HOOK_URL": "https://audit.example.com/in?key=HOOKSECRET",
                    "HOOK_SECRET": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
                ])
        )
    }

    @Test func testDryRun_showsMatchingRulesAndExactPayloads_withoutSending() async throws {
        let configuration = try Self.configuration()
        let transport = FakeTransport()
        let dryRun = DryRun(
            router: configuration.router,
            sinks: configuration.makeSinks(transport: transport, output: CapturedOutput()),
            templates: configuration.templates
        )
        let event = Fixtures.push([Fixtures.commit(1, message: "Document the API")])
        let reports = await dryRun.evaluate(
            [event],
            at: Fixtures.date(1_000),
            changedPaths: StaticChangedPaths(["docs/a.md"])
        )
        #expect(transport.requests.isEmpty)
        let report = try #require(reports.first)
        #expect(report.decision?.matchedRules == ["audit", "docs"])
        #expect(report.deliveries.map(\.plan.sink) == ["audit", "chat"])
        let webhook = try #require(report.deliveries[0].message)
        #expect(webhook.body == (try event.jsonData()))
        #expect(PayloadChecks.header(webhook, "webhook-timestamp") == "1000")
        let text = report.text
        #expect(text.hasPrefix("event \(event.id) commits.new acme/platform/api@main\n  matched rules: audit, docs\n"))
        #expect(text.contains("  -> sink \"audit\" (rule \"audit\")\n     POST https://audit.example.com/…\n"))
        #expect(text.contains("  -> sink \"chat\" (rule \"docs\")\n     POST https://hooks.slack.com/…\n"))
        #expect(text.contains("Document the API"))
        for secret in ["SLACKSECRET", "HOOKSECRET", "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"] {
            #expect(!text.contains(secret))
        }
    }

    @Test func testDryRun_reportsDropsAndRoutingFailures() async throws {
        let configuration = try Self.configuration()
        let dryRun = DryRun(
            router: configuration.router,
            sinks: configuration.makeSinks(transport: FakeTransport(), output: CapturedOutput())
        )
        let event = Fixtures.push([Fixtures.commit(1)])
        let dropped = await dryRun.evaluate([event], at: Fixtures.date(0), changedPaths: StaticChangedPaths(["src/a"]))
        #expect(dropped[0].text.contains("  matched rules: audit, quiet\n  dropped by rule \"quiet\""))
        let failed = await dryRun.evaluate([event], at: Fixtures.date(0), changedPaths: nil)
        #expect(
            failed[0].text.hasSuffix(
                "\n  routing failed: rule \"docs\" needs the changed paths: no changed-paths provider was given"
            )
        )
    }

    @Test func testTestMessage_goesStraightToTheSink() async throws {
        let transport = FakeTransport(statuses: [404])
        let sink = DiscordSink(
            name: "alerts",
            endpoint: HTTPEndpoint(url: Secret("https://discord.com/api/webhooks/1/x")),
            transport: transport
        )
        let (message, result) = await DryRun.sendTestMessage(to: sink, at: Fixtures.date(1_700_000_000))
        #expect(transport.requests.count == 1)
        #expect(message?.id == "glwatch-test-1700000000000")
        #expect(result == .failed(SendFailure(retryable: false, httpStatus: 404, reason: "HTTP 404")))
        #expect((try PayloadChecks.object(message!))["content"] as? String != nil)
    }
}
