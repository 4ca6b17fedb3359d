import AsyncHTTPClient
import ChildProcess
import FakeGitLab
import Foundation
import Logging
import Notifier
import Watcher

/// `glwatch-dev bench replicas`' scenario (issue 18): `projects` projects in one group of the fake GitLab over
/// HTTP, watched by `replicas` real `glwatch run` processes sharing one PostgreSQL database (a fresh throwaway
/// cluster on loopback, fsync on), delivering every new commit to a webhook receiver.
///
/// Once every replica reports ready (`/readyz`) and every project has been polled, and the leases have settled
/// (one lease period), and `warmUp` has passed since the launch, pushes land on random projects at
/// `pushesPerSecond` for `duration`; each pushed commit's latency is the time from the push to the first webhook
/// carrying its SHA. Polls per second are the replicas' `glwatch_polls_total` over the window, summed.
struct ReplicaBenchWorkload {
    var projects = 2_000
    var interval = 10
    var duration: TimeInterval = 60
    /// Seconds after the launch before anything is measured (at least until ready and settled): a fresh watch
    /// polls its idle projects often at first, then less and less often (the adaptive backoff), so figures taken
    /// right after the baseline would mostly measure how long ago it started.
    var warmUp: TimeInterval = 180
    var pushesPerSecond = 5.0
    var seed: UInt64 = 18
    var executable: URL
    var say: @Sendable (String) -> Void

    /// What one run measured.
    struct Result: Sendable {
        var replicas: Int
        var readyAfter: TimeInterval = 0
        var polls = 0.0
        var requests = 0
        var window: TimeInterval = 0
        var pushes = 0
        var latencies: [TimeInterval] = []
        var lost = 0
        var duplicateWebhookIDs = 0
    }

    /// Starts a fresh database, fake and receiver, runs `replicas` replicas through the scenario, and stops them.
    func run(replicas: Int) async throws -> Result {
        let databaseURL: String
        switch ThrowawayPostgresCluster.start(durable: true) {
        case .success(let url): databaseURL = url
        case .failure(let failure): throw SoakError("no PostgreSQL server: \(failure)")
        }
        let fake = FakeGitLab()
        let alice = fake.addUser("alice")
        let token = fake.addPersonalAccessToken(for: alice)
        _ = fake.addGroup("bench")
        let fleet = (0..<projects).map { fake.addProject("bench/p-\($0)", visibility: .private, members: [alice]) }
        for project in fleet { project.commits(2) }
        try await fake.start()
        let secret = "whsec_" + Data((0..<24).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ Int(seed)) })
            .base64EncodedString()
        var quiet = Logger(label: "glwatch.bench.replicas")
        quiet.logLevel = .critical
        let receiver = try SoakReceiver(secret: Secret(secret), logger: quiet)
        try await receiver.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glwatch-bench-replicas-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let tokenFile = directory.appendingPathComponent("token")
        try (token + "\n").write(to: tokenFile, atomically: true, encoding: .utf8)
        let logURL = directory.appendingPathComponent("glwatch.log")
        guard FileManager.default.createFile(atPath: logURL.path, contents: nil) else {
            throw SoakError("cannot create \(logURL.path)")
        }
        let log = try FileHandle(forWritingTo: logURL)
        defer { try? log.close() }
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": directory.path,
            "GLWATCH_BENCH_HOOK": receiver.url(for: "hook"),
            "GLWATCH_BENCH_SECRET": secret,
            "GLWATCH_BENCH_DATABASE_URL": databaseURL,
        ]
        var children: [SoakChild] = []
        var ports: [Int] = []
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            let started = Date()
            for index in 0..<replicas {
                let port = try Self.freePort()
                let config = directory.appendingPathComponent("glwatch-\(index).yml")
                try configuration(fake: fake.baseURL, tokenFile: tokenFile, metricsPort: port)
                    .write(to: config, atomically: true, encoding: .utf8)
                children.append(
                    try SoakChild(
                        executable: executable, arguments: ["run", "--config", config.path],
                        environment: environment, log: log
                    )
                )
                ports.append(port)
            }
            try await waitUntilReady(ports, children: children, http: http, log: logURL)
            var result = Result(replicas: replicas)
            result.readyAfter = Date().timeIntervalSince(started) - 30
            let warm = started.addingTimeInterval(warmUp).timeIntervalSinceNow
            if warm > 0 { try await Task.sleep(for: .seconds(warm)) }
            say("  \(replicas) replica(s) ready after \(Int(result.readyAfter)) s; pushing for \(Int(duration)) s")
            try await measure(fleet, fake: fake, receiver: receiver, ports: ports, http: http, into: &result)
            for child in children { child.send(SIGTERM) }
            for child in children { _ = await child.waitForExit() }
            try await http.shutdown()
            await receiver.stop()
            await fake.stop()
            return result
        } catch {
            for child in children { child.send(SIGKILL) }
            try? await http.shutdown()
            await receiver.stop()
            await fake.stop()
            throw error
        }
    }

    /// The config of one replica: the fake, the group, the database, one webhook sink, its own metrics port.
    private func configuration(fake: URL, tokenFile: URL, metricsPort: Int) -> String {
        """
        gitlab:
          bench:
            url: \(fake.absoluteString)
            token_file: \(tokenFile.path)
            requests_per_minute: 100000
            burst: 1000
        watch:
          - group: bench
            interval: \(interval)s
        state:
          postgres: {url_env: GLWATCH_BENCH_DATABASE_URL}
        metrics: {listen: "127.0.0.1:\(metricsPort)"}
        sinks:
          hook:
            type: webhook
            url_env: GLWATCH_BENCH_HOOK
            secret_env: GLWATCH_BENCH_SECRET
        rules:
          - name: everything
            notify: [hook]

        """
    }

    /// Waits until every replica's `/readyz` answers 200 and the replicas have polled at least once per project
    /// (a replica that holds nothing yet is ready too), for up to 15 minutes; then one lease period (30 s), so
    /// that the leases have settled into fair shares before anything is measured.
    private func waitUntilReady(_ ports: [Int], children: [SoakChild], http: HTTPClient, log: URL) async throws {
        let deadline = Date().addingTimeInterval(900)
        var waiting = Set(ports)
        while true {
            for port in waiting where (try? await Self.get("http://127.0.0.1:\(port)/readyz", http))?.status == 200 {
                waiting.remove(port)
            }
            if waiting.isEmpty, try await polls(ports, http) >= Double(projects) { break }
            guard Date() < deadline, children.allSatisfy(\.isRunning) else {
                let tail = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").suffix(20)
                throw SoakError("the replicas did not all become ready; their log ends:\n" + tail.joined(separator: "\n"))
            }
            try await Task.sleep(for: .milliseconds(500))
        }
        try await Task.sleep(for: .seconds(30))
    }

    /// Pushes for `duration`, then waits up to 2 intervals + 60 s for the last deliveries; fills `result`.
    private func measure(
        _ fleet: [FakeProject], fake: FakeGitLab, receiver: SoakReceiver, ports: [Int], http: HTTPClient,
        into result: inout Result
    ) async throws {
        var random = FakeSplitMix64(seed: seed)
        var pushedAt: [String: Date] = [:]
        let pollsBefore = try await polls(ports, http)
        let requestsBefore = fake.requestCount()
        let clock = ContinuousClock()
        let begin = clock.now
        let gap = 1 / pushesPerSecond
        var next = 0
        while begin.duration(to: clock.now) < .seconds(duration) {
            let project = fleet[Int(random.next() % UInt64(fleet.count))]
            for sha in project.commits(1, titlePrefix: "Bench \(next)") { pushedAt[sha] = Date() }
            next += 1
            try await clock.sleep(until: begin.advanced(by: .seconds(gap * Double(next))))
        }
        result.window = Self.seconds(begin.duration(to: clock.now))
        result.polls = try await polls(ports, http) - pollsBefore
        result.requests = fake.requestCount() - requestsBefore
        result.pushes = pushedAt.count

        var seen: [String: Date] = [:]
        var webhookIDs: Set<String> = []
        let deadline = Date().addingTimeInterval(TimeInterval(2 * interval + 60))
        repeat {
            seen = [:]
            webhookIDs = []
            result.duplicateWebhookIDs = 0
            for delivery in receiver.deliveries where delivery.accepted {
                if !webhookIDs.insert(delivery.webhookID).inserted { result.duplicateWebhookIDs += 1 }
                for sha in (try? SoakPayload.announcements(in: delivery.body))?.flatMap(\.commitIDs) ?? []
                where pushedAt[sha] != nil && seen[sha] == nil {
                    seen[sha] = delivery.receivedAt
                }
            }
            if seen.count == pushedAt.count { break }
            try await Task.sleep(for: .seconds(1))
        } while Date() < deadline
        result.latencies = seen.map { sha, at in at.timeIntervalSince(pushedAt[sha]!) }.sorted()
        result.lost = pushedAt.count - seen.count
    }

    /// The replicas' `glwatch_polls_total`, summed over replicas and labels.
    private func polls(_ ports: [Int], _ http: HTTPClient) async throws -> Double {
        var total = 0.0
        for port in ports {
            let (_, body) = try await Self.get("http://127.0.0.1:\(port)/metrics", http)
            for line in body.split(separator: "\n") where line.hasPrefix("glwatch_polls_total") {
                total += line.split(separator: " ").last.flatMap { Double($0) } ?? 0
            }
        }
        return total
    }

    private static func get(_ url: String, _ http: HTTPClient) async throws -> (status: UInt, body: String) {
        let response = try await http.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 32 << 20)
        return (response.status.code, String(buffer: body))
    }

    /// A free TCP port on 127.0.0.1 (bound, read, released).
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SoakError("socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw SoakError("bind: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
