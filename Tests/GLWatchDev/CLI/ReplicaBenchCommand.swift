import ArgumentParser
import Foundation

/// `glwatch-dev bench replicas`: one `glwatch run` against three on PostgreSQL, same fleet, same pushes (issue 18;
/// BENCHMARKS.md, section "replicas").
struct ReplicaBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replicas",
        abstract: "Polls per second and commit-to-delivery p50/p99: one glwatch replica vs several on PostgreSQL.",
        discussion: """
            One command, one run: for each replica count, a fresh throwaway
            PostgreSQL cluster (fsync on), a fresh fake GitLab over HTTP with
            --projects projects, real `glwatch run` processes; once all are
            ready, --pushes-per-second pushes to random projects for --duration
            seconds, starting --warm-up seconds after the launch. Needs
            PostgreSQL's initdb/pg_ctl (Debian's postgresql).

              swift build -c release
              .build/release/glwatch-dev bench replicas
            """
    )

    @Option(help: "Projects in the watched group.") var projects = 2_000
    @Option(help: "Replica counts to compare, comma-separated.") var replicas = "1,3"
    @Option(help: "The watch interval in seconds.") var interval = 10
    @Option(help: "Seconds of pushes measured.") var duration = 60
    @Option(help: "Seconds from the launch before measuring (the idle backoff settles).") var warmUp = 180
    @Option(help: "Pushes (one commit each, to a random project) per second.") var pushesPerSecond = 5.0
    @Option(help: "The seed of the push sequence (the same for every replica count).") var seed: UInt64 = 18
    @Option(help: "The glwatch executable (default: the one beside glwatch-dev).") var executable: String?

    private var counts: [Int] { replicas.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } }

    func validate() throws {
        guard !counts.isEmpty, counts.allSatisfy({ (1...9).contains($0) }),
            counts.count == replicas.split(separator: ",").count
        else { throw ValidationError("--replicas must list counts 1…9, e.g. 1,3") }
        guard projects > 0, interval > 0, duration > 0, warmUp >= 0, pushesPerSecond > 0 else {
            throw ValidationError("--projects, --interval, --duration and --pushes-per-second must be positive")
        }
    }

    func run() async throws {
        let here = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let executable = self.executable.map { URL(fileURLWithPath: $0) }
            ?? here.deletingLastPathComponent().appendingPathComponent("glwatch")
        let workload = ReplicaBenchWorkload(
            projects: projects, interval: interval, duration: TimeInterval(duration), warmUp: TimeInterval(warmUp),
            pushesPerSecond: pushesPerSecond,
            seed: seed, executable: executable, say: { print($0) }
        )
        print(
            "replicas: \(projects) projects, \(interval) s interval, \(pushesPerSecond) pushes/s for \(duration) s, "
                + "replica counts \(counts.map(String.init).joined(separator: ", ")) (takes several minutes)"
        )
        var results: [ReplicaBenchWorkload.Result] = []
        for count in counts {
            results.append(try await workload.run(replicas: count))
        }
        print("| replicas | ready after | polls/s | GitLab requests/s | pushes | p50 | p99 | lost | webhook ids twice |")
        print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for result in results {
            let p50 = LatencySamples.percentile(0.5, of: result.latencies)
            let p99 = LatencySamples.percentile(0.99, of: result.latencies)
            print(
                "| \(result.replicas) | \(Int(result.readyAfter)) s | "
                    + String(format: "%.1f | %.1f", result.polls / result.window, Double(result.requests) / result.window)
                    + " | \(result.pushes) | \(Self.format(p50)) | \(Self.format(p99)) | \(result.lost) | "
                    + "\(result.duplicateWebhookIDs) |"
            )
        }
        if let one = results.first, let many = results.last, results.count > 1 {
            let ratio = { (a: TimeInterval?, b: TimeInterval?) -> String in
                guard let a, let b, b > 0 else { return "n/a" }
                return String(format: "%.2fx", a / b)
            }
            print(
                "ratio \(many.replicas) vs \(one.replicas): polls/s "
                    + ratio(many.polls / many.window, one.polls / one.window) + ", p50 "
                    + ratio(LatencySamples.percentile(0.5, of: many.latencies), LatencySamples.percentile(0.5, of: one.latencies))
                    + ", p99 "
                    + ratio(LatencySamples.percentile(0.99, of: many.latencies), LatencySamples.percentile(0.99, of: one.latencies))
            )
        }
        if results.contains(where: { $0.lost > 0 || $0.duplicateWebhookIDs > 0 }) { throw ExitCode.failure }
    }

    private static func format(_ seconds: TimeInterval?) -> String {
        seconds.map { String(format: "%.2f s", $0) } ?? "n/a"
    }
}
