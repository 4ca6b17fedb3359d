import ArgumentParser
import Foundation
import Watcher

/// `glwatch-dev bench feed`: the change feed against the per-project engine and a naive poller on 500 projects
/// (issue 14; BENCHMARKS.md, section "change-feed").
struct FeedBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Requests, bytes and push-to-event latency: the change feed vs per-project polling vs naive (real time).",
        discussion: """
            One command, one run: an idle fleet and a fleet where a share of the
            projects (--busy-share, 10%) is pushed to every cycle, each watched
            by glwatch with the feed, by the per-project engine and by a naive
            poller; then glwatch again on the busy fleet with event visibility
            shuffled by up to --shuffle seconds (nothing may be lost).

              swift run -c release glwatch-dev bench feed
            """
    )

    @Option(help: "Projects the token's user is a member of.") var members = 480
    @Option(help: "Public projects she is not a member of.") var outsiders = 20
    @Option(help: "Cycles measured (one interval each).") var cycles = 20
    @Option(help: "Cycles run before measuring.") var warmUp = 15
    @Option(help: "Poll interval in seconds.") var interval: Double = 1
    @Option(help: "Largest visibility delay of a push event in the shuffled run, in seconds.") var shuffle: Double = 5
    @Option(help: "Share of the projects pushed to every cycle in the busy fleet (issue 14's target is set at 0.1).")
    var busyShare: Double = 0.1

    func validate() throws {
        guard busyShare > 0, busyShare <= 1 else {
            throw ValidationError("--busy-share must be above 0 and at most 1 (got \(busyShare))")
        }
    }

    func run() async throws {
        let directory = NSTemporaryDirectory() + "glwatch-bench-feed-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let workload = FeedBenchWorkload(
            members: members, outsiders: outsiders, cycles: cycles, warmUp: warmUp, interval: interval,
            busyShare: busyShare, directory: directory
        )
        print("change-feed: \(members + outsiders) projects (\(members) member, \(outsiders) public non-member), ")
        print("\(Int(interval * 1000)) ms interval, \(cycles) cycles measured after \(warmUp) (takes a few minutes), ")
        let total = members + outsiders
        let stride = FeedBenchWorkload.stride(busyShare: busyShare)
        print("busy fleet: \((total + stride - 1) / stride) of \(total) projects pushed to every cycle")
        print(FeedBenchReport.header)
        var results: [FeedBenchWorkload.Result] = []
        for fleet in FeedBenchWorkload.Fleet.allCases {
            for mode in FeedBenchWorkload.Mode.allCases {
                let result = try await workload.run(mode, fleet)
                results.append(result)
                print(FeedBenchReport.row(result, cycles: cycles))
            }
        }
        var shuffled = workload
        shuffled.shuffle = shuffle
        let result = try await shuffled.run(.feed, .busy)
        results.append(result)
        print(FeedBenchReport.row(result, cycles: cycles))
        print(FeedBenchReport.verdict(results, cycles: cycles, interval: interval))
    }
}
