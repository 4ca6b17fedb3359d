// swift-tools-version:6.2
// Tools 6.2: AsyncHTTPClient 1.37 and Hummingbird 2.28 require it.
import PackageDescription

/// Dependencies and why each one is worth its build time (figures from ../shared/SWIFT-NOTES.md):
/// - argument-parser: the CLI (subcommands, help, completion); hand-rolling it is all cost, no value.
/// - swift-log / service-lifecycle: structured logging and SIGTERM/SIGINT-aware graceful shutdown.
/// - GRDB (~19 s): SQLite through the *system* libsqlite3, with WAL pools, migrations and savepoints.
/// - AsyncHTTPClient (~2 min): the only Linux client that can trust a private CA (self-managed GitLab),
///   with exact per-request deadlines and flat memory.
/// - Hummingbird (+~34 s once NIO is built): the fake GitLab, test webhook receivers, `/metrics`.
/// - Yams, swift-mustache, swift-crypto: YAML config/rules with positions, templates, HMAC signatures.
/// - swift-metrics + swift-prometheus (small, no NIO of their own): the `/metrics` endpoint through the
///   standard metrics API, so every part records metrics without knowing the backend; MetricsTestKit in tests.
/// - swift-nio / swift-nio-ssl: the SMTP client of email sinks (STARTTLS, implicit TLS); both are already
///   built for AsyncHTTPClient, so naming their products costs no extra build time. The same for swift-nio-extras'
///   NIOHTTPCompression, which the GitLab transport imports (gzip answers).
/// - postgres-nio (~20 s once NIO is built: PostgresClient, a pooled async client on the NIO already built for
///   AsyncHTTPClient): the PostgreSQL state backend, so replicas can share one database (issue 18); no libpq.
/// - OpenCombine, RxCore's yardstick, is not here: `glwatch-bench` is a package of its own (Tests/Benchmarks), so
///   no build of glwatch compiles it.
///
/// Watcher is a library so that tests and the development executable can import it; `glwatch` is a thin
/// executable over it. Development tools (benchmarks, soak, crash-test children) live in `glwatch-dev` under
/// Tests/, reaching Watcher's internals through `package` access, so none of them ships in `glwatch`.
let package = Package(
    name: "glwatch",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "glwatch", targets: ["glwatch"]),
        .executable(name: "glwatch-dev", targets: ["GLWatchDev"]),
        .library(name: "RxCore", targets: ["RxCore"]),
        .library(name: "RxCoreTest", targets: ["RxCoreTest"]),
        .library(name: "Notifier", targets: ["Notifier"]),
        .library(name: "FakeGitLab", targets: ["FakeGitLab"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.20.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.29.0"),
        // Already in the graph through AsyncHTTPClient; named so that the GitLab transport's import of
        // NIOHTTPCompression (gzip answers) is declared, not borrowed.
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.24.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.1.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
    ],
    targets: [
        // MARK: Libraries
        .target(
            name: "RxCore",
            swiftSettings: [.define("TRACE_RESOURCES", .when(configuration: .debug))]
        ),
        .target(
            name: "Notifier",
            dependencies: [
                "RxCore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // The SMTP client (email sinks); already in the graph through AsyncHTTPClient.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),

        // MARK: The glwatch library and executable
        .target(
            name: "Watcher",
            dependencies: [
                "RxCore",
                "Notifier",
                // Only for `glwatch demo`, imported in exactly one file (Runtime/DemoScenario.swift).
                "FakeGitLab",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // SIGHUP (reload) beside SIGTERM/SIGINT, as an async sequence: `glwatch run`.
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                // The PostgreSQL store's TLS modes and connection errors (already built for AsyncHTTPClient).
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Hummingbird", package: "hummingbird"),
                // HMAC-SHA256 for the status page's admin session and CSRF tokens (already built for Notifier).
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Sources/Watcher",
            exclude: ["glwatch"]
        ),
        .executableTarget(name: "glwatch", dependencies: ["Watcher"], path: "Sources/Watcher/glwatch"),

        // MARK: Support targets (live under Tests/, shipped as products for reuse)
        .target(name: "RxCoreTest", dependencies: ["RxCore"], path: "Tests/RxCoreTest"),
        // Child processes for the tests, spawned without Foundation's Process, which crashes on Linux once the
        // test process holds ~1,350 descriptors (see the file's doc comment).
        .target(name: "ChildProcess", path: "Tests/ChildProcess"),
        // What a test needs from the machine (PostgreSQL, Chromium, an SMTP server): skipped where it is missing,
        // saying why, and a failure under CI=true (issue 35).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .target(
            name: "FakeGitLab",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                // The fake's webhooks are posted with AsyncHTTPClient, not URLSession: `glwatch demo` links the
                // fake, and FoundationNetworking (libcurl) cannot be linked into the static portable binary.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/FakeGitLab"
        ),
        .executableTarget(
            name: "GLWatchDev",
            dependencies: [
                "Watcher", "Notifier", "RxCore", "FakeGitLab", "ChildProcess",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "GRDB", package: "GRDB.swift"),
                // The raw SQLite C API, for `glwatch-dev bench store`'s plain bulk-insert baseline.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            path: "Tests/GLWatchDev"
        ),

        // MARK: Tests
        .testTarget(name: "RxCoreTests", dependencies: ["RxCore", "RxCoreTest"]),
        .testTarget(
            name: "NotifierTests",
            dependencies: [
                "Notifier", "RxCoreTest", "ChildProcess", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            // The real SMTP server the email tests start (aiosmtpd; .ci/run installs it).
            exclude: ["Support/smtp_test_server.py"]
        ),
        .testTarget(
            name: "WatcherTests",
            dependencies: [
                "Watcher", "RxCoreTest", "FakeGitLab", "ChildProcess", "TestSupport",
                // The crash tests' child processes and workloads (`glwatch-dev bench store-crash-writer`, …).
                "GLWatchDev",
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                // The PostgreSQL store tests' own connections (creating and dropping their databases).
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "GLWatchDevTests",
            dependencies: [
                "GLWatchDev", "Watcher", "Notifier", "ChildProcess",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["Watcher", "FakeGitLab", "ChildProcess", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// `.ci/run` sets GLWATCH_WARNINGS_AS_ERRORS=1: then any warning in glwatch's own targets fails the build; dependencies
// are not affected, and `swift test` run in the same environment reuses that build instead of starting over.
if Context.environment["GLWATCH_WARNINGS_AS_ERRORS"] == "1" {
    for target in package.targets {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-warnings-as-errors"])]
    }
}
