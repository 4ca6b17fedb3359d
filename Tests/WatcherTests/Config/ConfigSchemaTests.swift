import Foundation
import Notifier
import Testing
import Yams

@testable import Watcher

@Suite struct ConfigSchemaTests {
    /// Every key path of glwatch's own sections in the schema (`gitlab.*.url`, `watch[].initial.notify_last`).
    static func allKeyPaths() -> Set<String> {
        var paths: Set<String> = []
        func walk(_ schema: [String: Any], _ prefix: String) {
            if let properties = schema["properties"] as? [String: Any], schema["title"] != nil {
                for (key, value) in properties {
                    let path = prefix.isEmpty ? key : "\(prefix).\(key)"
                    paths.insert(path)
                    if let value = value as? [String: Any] { walk(value, path) }
                }
            }
            if let items = schema["items"] as? [String: Any] { walk(items, prefix + "[]") }
            for choice in schema["oneOf"] as? [[String: Any]] ?? [] { walk(choice, prefix) }
            if let values = schema["additionalProperties"] as? [String: Any] { walk(values, prefix + ".*") }
        }
        walk(ConfigSchema.document(), "")
        return paths
    }

    /// Every key path written in a YAML document (lists as `[]`, the maps of user-chosen names as `*`).
    static func keyPaths(in yaml: String) throws -> Set<String> {
        var paths: Set<String> = []
        func walk(_ value: Any, _ prefix: String) {
            if let list = value as? [Any] {
                for item in list { walk(item, prefix + "[]") }
            }
            guard let map = value as? [String: Any] else { return }
            for (key, child) in map {
                let named = ["gitlab", "aliases", "watch[].aliases"].contains(prefix)
                let path = prefix.isEmpty ? key : named ? "\(prefix).*" : "\(prefix).\(key)"
                if !named { paths.insert(path) }
                if !["sinks", "rules"].contains(path) { walk(child, path) }
            }
        }
        walk(try Yams.load(yaml: yaml) as Any, "")
        return paths
    }

    /// Every key the schema has is accepted by the loader: a config using all of them loads.
    static let everyKey = """
        gitlab:
          main:
            url: https://gitlab.example.com
            token_env: TOKEN
            auth: private
            requests_per_minute: 100
            burst: 10
            ca_file: /ca.pem
            timeout: 10s
            token_expiry_warning: 7d
          other:
            token_file: /token
          oauth:
            auth: {type: oauth, client_id: app, client_secret_env: TOKEN, refresh_token_file: /token,
                   redirect_uri: "https://glwatch.example.com/callback"}
          oauth-from-files:
            auth: {type: oauth, client_id_file: /token, client_secret_file: /token, refresh_token_file: /token}
          oauth-from-env:
            auth: {type: oauth, client_id_env: TOKEN, refresh_token_file: /token}
        watch:
          - project: a/b
            instance: main
            branches: all
            interval: 1m
            max_interval: 1h
            initial: {notify_last: 1}
            report_per_branch: true
            tags: true
            max_commits_per_push: 10
            large_push_ends: 5
            unreachable_after: 2
            stalled_after: 4
            aliases: {a@x.org: b@x.org}
          - group: g
            instance: other
            include_subgroups: false
            include_archived: true
          - membership: true
            instance: main
        sinks: {out: {type: stdout}}
        rules: [{name: all, notify: [out]}]
        timezone: Europe/Berlin
        aliases: {c@x.org: [d@x.org]}
        state: {path: /state.db, postgres: {url_env: TOKEN, lease_period: 10s, query_timeout: 20s}}
        log: {format: json, level: debug}
        metrics:
          enabled: true
          listen: "127.0.0.1:9000"
          unhealthy_after: 10m
          auth:
            - {username: ops, password_env: TOKEN}
            - {username: ci, password_file: /token}
            - {token_env: TOKEN}
            - {token_file: /token}
          admin_token_env: ADMIN_TOKEN
        engine:
          max_concurrent_polls_per_host: 1
          discovery_interval: 1m
          poll_timeout: 1m
          lagging_after_intervals: 3
          shutdown_grace: 1s
          feed: true
          sweep_interval: 5m
          feed_overlap: 20s
          graphql_batch_size: 10
        hooks:
          listen: "0.0.0.0:9095"
          path: /gitlab
          token_env: TOKEN
          instance: main
          max_body_bytes: 65536
        """

    /// Keys `everyKey` cannot hold beside the ones it has (one of `token_env` / `token_file`).
    static let alternativeKeys = """
        gitlab: {main: {}}
        watch: [{project: a/b}]
        hooks: {token_file: /token}
        metrics: {admin_token_file: /admin-token}
        state: {postgres: {url_file: /token}}
        """

    @Test func testEverySchemaKey_isAcceptedByTheLoader() throws {
        let system = FakeConfigSystem(
            variables: ["TOKEN": "t", "ADMIN_TOKEN": "0123456789abcdef"],
            files: ["/ca.pem": "pem", "/token": "t", "/admin-token": "0123456789abcdef"]
        )
        _ = try system.load(Self.everyKey)
        _ = try system.load(Self.alternativeKeys)
        let written = try Self.keyPaths(in: Self.everyKey).union(Self.keyPaths(in: Self.alternativeKeys))
        #expect(written == Self.allKeyPaths())
    }

    @Test func testEveryKeyTheLoaderAccepts_isInTheSchema() {
        // The loader accepts exactly the keys of the `ConfigSection` tables (any other is "unknown"); each table
        // key is in the schema at its place.
        func check(_ section: ConfigSection, at prefix: String) {
            for key in section.keys {
                let path = prefix.isEmpty ? key.name : "\(prefix).\(key.name)"
                #expect(Self.allKeyPaths().contains(path), "\(path) is missing from the schema")
                switch key.kind {
                case .section(let inner): check(inner, at: path)
                case .namedMap(.section(let inner)): check(inner, at: path + ".*")
                case .list(.section(let inner), _): check(inner, at: path + "[]")
                default: break
                }
            }
        }
        check(.root, at: "")
        let system = FakeConfigSystem()
        #expect(system.problems("nonsense: 1") == ["1:1: unknown key \"nonsense\" in the config file"])
    }

    @Test func testSinkAndRuleKeys_comeFromTheNotifierTables() throws {
        let schema = ConfigSchema.document()
        let properties = try #require(schema["properties"] as? [String: Any])
        let sinks = try #require((properties["sinks"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        let sinkChoices = try #require((sinks[0]["additionalProperties"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        let sink = try #require(sinkChoices.first)
        #expect(sinkChoices.last?["type"] as? String == "string")  // a sink written as one notification URL
        let sinkKeys = Set((sink["properties"] as? [String: Any] ?? [:]).keys)
        #expect(
            sinkKeys == Set(SinksLoader.commonKeys + SinksLoader.httpKeys + SinksLoader.kindKeys.values.flatMap { $0 })
        )
        let rules = try #require((properties["rules"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        let items = try #require((rules[1]["items"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        #expect(Set((items[0]["properties"] as? [String: Any] ?? [:]).keys) == Set(RulesLoader.ruleKeys))
    }

    @Test func testSchema_isValidJSON_withDefaultsInDescriptions() throws {
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(ConfigSchema.json().utf8)) as? [String: Any]
        )
        #expect(json["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        let engine = try #require((json["properties"] as? [String: Any])?["engine"] as? [String: Any])
        let grace = try #require((engine["properties"] as? [String: Any])?["shutdown_grace"] as? [String: Any])
        #expect(
            grace["description"] as? String
                == "How long in-flight deliveries may finish on SIGTERM/SIGINT. Default: 10s."
        )
    }
}

/// The schema accepts every config glwatch ships or documents, and rejects what the loader rejects.
@Suite struct ConfigSchemaExamplesTests {
    static var documents: [(String, String)] {
        let examples = ExampleConfigsTests.examples
        let files = ExampleConfigsTests.exampleConfigs.compactMap { name in
            (try? String(contentsOfFile: "\(examples)/\(name)", encoding: .utf8)).map { (name, $0) }
        }
        return files + [("starter", StarterConfig.text), ("every key", ConfigSchemaTests.everyKey)]
            + ConfigReferenceTests.snippets.enumerated().map { ("docs/configuration.md #\($0.offset + 1)", $0.element) }
    }

    @Test func testEveryShippedConfig_validatesAgainstTheSchema() throws {
        #expect(Self.documents.count >= 10)
        for (name, yaml) in Self.documents {
            let value = try #require(try Yams.load(yaml: yaml))
            #expect(JSONSchemaCheck.problems(value, ConfigSchema.document()) == [], "\(name)")
        }
    }

    @Test func testTheSchema_rejectsWhatTheLoaderRejects() throws {
        let schema = ConfigSchema.document()
        for yaml in [
            "watch: [{project: a/b, intervall: 1m}]", "log: {format: yaml}", "engine: {shutdown_grace: soon}",
            "gitlab: {a: {requests_per_minute: 0}}", "watch: [{project: a/b, initial: {notify_last: 500}}]",
            "metrics: {enabled: 1}", "sinks: {x: {url: https://x}}",
        ] {
            let value = try #require(try Yams.load(yaml: yaml))
            #expect(!JSONSchemaCheck.problems(value, schema).isEmpty, "\(yaml)")
            #expect(!FakeConfigSystem().problems(yaml).isEmpty, "\(yaml)")
        }
    }
}
