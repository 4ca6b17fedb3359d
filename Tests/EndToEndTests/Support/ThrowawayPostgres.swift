import ChildProcess
import Foundation

/// A throwaway PostgreSQL cluster for the end-to-end tests, once per test process: `Tests/Tools/postgres-throwaway.sh`
/// (initdb in a temp folder, loopback only), which stops and removes itself once this process has ended. Its
/// `postgres` database is empty, as a fresh replica set needs it.
enum ThrowawayPostgres {
    /// The cluster's URL, or why there is none.
    static let cluster: Result<String, Unavailable> = start()

    /// Why no cluster could be started.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// The URL of the cluster's empty `postgres` database, when there is one.
    static var url: String? { try? cluster.get() }

    /// Why the PostgreSQL end-to-end tests are skipped.
    static var unavailableReason: String {
        guard case .failure(let reason) = cluster else { return "" }
        return reason.description
    }

    private static func start() -> Result<String, Unavailable> {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tools/postgres-throwaway.sh")
        do {
            let child = try ChildProcess(
                URL(fileURLWithPath: "/bin/bash"),
                arguments: [script.path, "start", "--watch", "\(getpid())"],
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
                return .failure(Unavailable(description: "no throwaway PostgreSQL cluster (\(termination)): \(reason)"))
            }
            return .success(String(url))
        } catch {
            return .failure(Unavailable(description: "cannot run \(script.path): \(error)"))
        }
    }
}
