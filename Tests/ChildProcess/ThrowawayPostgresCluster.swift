import Foundation

/// A throwaway PostgreSQL cluster for tests: `Tests/Tools/postgres-throwaway.sh` (initdb in a temp folder, loopback
/// only), started as a child and told to stop and remove the cluster once this process has ended (`--watch`).
public enum ThrowawayPostgresCluster {
    /// A started cluster.
    public struct Cluster: Sendable {
        /// The URL of its empty `postgres` database.
        public var url: String
        /// Its folder (data directory, log, port).
        public var directory: String

        /// A shell command that restarts it as an operator would: `pg_ctl stop -m fast` (every connection closed),
        /// `seconds` of nothing, then a start on the same port.
        public func restartCommand(pausing seconds: Int = 3) -> String {
            "/bin/bash '\(ThrowawayPostgresCluster.script.path)' restart '\(directory)' \(seconds)"
        }
    }

    /// `Tests/Tools/postgres-throwaway.sh`.
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tools/postgres-throwaway.sh")

    /// Starts one; the URL of its empty `postgres` database, or why none could be started.
    ///
    /// - Parameter durable: whether the server fsyncs its commits (`fsync=on`, for benchmarks that compare durable
    ///   commits); tests run with `fsync=off`.
    public static func start(durable: Bool = false) -> Result<String, Failure> {
        startCluster(durable: durable).map(\.url)
    }

    /// Starts one; the cluster, or why none could be started (`durable` as for `start(durable:)`).
    public static func startCluster(durable: Bool = false) -> Result<Cluster, Failure> {
        let script = self.script
        do {
            let child = try ChildProcess(
                URL(fileURLWithPath: "/bin/bash"),
                arguments: [script.path, "start", "--watch", "\(getpid())"],
                environment: ProcessInfo.processInfo.environment.merging(
                    ["GLWATCH_PG_FSYNC": durable ? "on" : "off"], uniquingKeysWith: { _, new in new }
                ),
                standardOutput: .pipe,
                standardError: .pipe
            )
            let output = child.standardOutput?.readDataToEndOfFile() ?? Data()
            let errors = child.standardError?.readDataToEndOfFile() ?? Data()
            let termination = child.waitUntilExit()
            let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
            guard termination == .success, lines.count >= 2 else {
                let reason = String(decoding: errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                return .failure(Failure(description: "no throwaway PostgreSQL cluster (\(termination)): \(reason)"))
            }
            return .success(Cluster(url: String(lines[0]), directory: String(lines[1])))
        } catch {
            return .failure(Failure(description: "cannot run \(script.path): \(error)"))
        }
    }

    /// Why no cluster could be started.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }
}
