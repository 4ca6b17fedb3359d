import Foundation

/// A throwaway PostgreSQL cluster for tests: `Tests/Tools/postgres-throwaway.sh` (initdb in a temp folder, loopback
/// only), started as a child and told to stop and remove the cluster once this process has ended (`--watch`).
public enum ThrowawayPostgresCluster {
    /// Starts one; the URL of its empty `postgres` database, or why none could be started.
    ///
    /// - Parameter durable: whether the server fsyncs its commits (`fsync=on`, for benchmarks that compare durable
    ///   commits); tests run with `fsync=off`.
    public static func start(durable: Bool = false) -> Result<String, Failure> {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tools/postgres-throwaway.sh")
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
            guard termination == .success,
                let url = String(decoding: output, as: UTF8.self).split(separator: "\n").first
            else {
                let reason = String(decoding: errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                return .failure(Failure(description: "no throwaway PostgreSQL cluster (\(termination)): \(reason)"))
            }
            return .success(String(url))
        } catch {
            return .failure(Failure(description: "cannot run \(script.path): \(error)"))
        }
    }

    /// Why no cluster could be started.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }
}
