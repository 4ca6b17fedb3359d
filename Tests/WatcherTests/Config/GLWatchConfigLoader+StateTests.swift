import Foundation
import Notifier
import Testing

@testable import Watcher

/// `state.postgres:`: the PostgreSQL state backend's URL, a secret read from the environment or a file (issue 18).
@Suite struct GLWatchConfigLoaderStateTests {
    let system = FakeConfigSystem(
        variables: ["HOME": "/home/ada", "GLWATCH_DATABASE_URL": "postgres://glwatch:pw@db:5432/glwatch", "EMPTY": ""]
    )

    @Test func testStatePostgres_absent_isSQLite() throws {
        // Given no postgres section, when loaded, then the state is SQLite's file
        #expect(try system.load("watch: [a/b]\n").state.postgres == nil)
    }

    @Test func testStatePostgres_urlEnv_readsTheURLAsASecret() throws {
        // Given state.postgres naming the variable, when loaded
        let config = try system.load("watch: [a/b]\nstate: {postgres: {url_env: GLWATCH_DATABASE_URL}}\n")

        // Then the URL is read as a secret, with where it came from
        let postgres = try #require(config.state.postgres)
        #expect(postgres.url == Secret("postgres://glwatch:pw@db:5432/glwatch"))
        #expect(postgres.source == "env GLWATCH_DATABASE_URL")
        // And the replicas' lease period is 30 s by default, as is the query timeout
        #expect(postgres.leasePeriod == 30)
        #expect(postgres.queryTimeout == 30)
    }

    @Test func testStatePostgres_queryTimeout_isReadAndAtLeastOneSecond() throws {
        // Given a query timeout, when loaded, then it is read
        let config = try system.load(
            "watch: [a/b]\nstate: {postgres: {url_env: GLWATCH_DATABASE_URL, query_timeout: 8s}}\n"
        )
        #expect(config.state.postgres?.queryTimeout == 8)
        // And one under a second is refused, naming the key
        let problems = system.problems(
            "watch: [a/b]\nstate: {postgres: {url_env: GLWATCH_DATABASE_URL, query_timeout: 200ms}}\n"
        )
        #expect(problems.count == 1 && problems.first?.contains("query_timeout") == true, "\(problems)")
    }

    @Test func testStatePostgres_leasePeriod_isReadAndAtLeastOneSecond() throws {
        // Given a lease period, when loaded, then it is read
        let config = try system.load(
            "watch: [a/b]\nstate: {postgres: {url_env: GLWATCH_DATABASE_URL, lease_period: 5s}}\n"
        )
        #expect(config.state.postgres?.leasePeriod == 5)
        // And one under a second is refused, naming the minimum
        let problems = system.problems(
            "watch: [a/b]\nstate: {postgres: {url_env: GLWATCH_DATABASE_URL, lease_period: 100ms}}\n"
        )
        #expect(problems.count == 1 && problems.first?.contains("lease_period") == true, "\(problems)")
    }

    @Test func testStatePostgres_withoutAURL_isRefused() {
        // Given a postgres section without url_env or url_file, when loaded, then it says what is missing
        #expect(
            system.problems("watch: [a/b]\nstate: {postgres: {}}\n")
                == ["2:19: \"postgres\" in \"state\" needs one of \"url_env\" or \"url_file\""]
        )
    }

    @Test func testStatePostgres_emptyVariableOrUnknownKey_isRefused() {
        // Given an empty variable, or a key the section does not have, when loaded, then each is reported verbatim
        #expect(
            system.problems("watch: [a/b]\nstate: {postgres: {url_env: EMPTY}}\n")
                == ["2:29: environment variable \"EMPTY\" named by \"url_env\" in \"postgres\" in \"state\" is empty"]
        )
        #expect(
            system.problems("watch: [a/b]\nstate: {postgres: {url_env: GLWATCH_DATABASE_URL, url: x}}\n")
                == ["2:51: unknown key \"url\" in \"postgres\" in \"state\""]
        )
    }
}
