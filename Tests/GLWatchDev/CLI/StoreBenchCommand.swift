import ArgumentParser
import ChildProcess
import Foundation
import GRDB
import GRDBSQLite
import Watcher

/// `glwatch-dev bench store`: the state store's write throughput and size, against plain SQLite.
///
/// Applies `--events` changes (each: one `commits.new` event queued for one sink, `--commits-per-event` reported
/// commits, one head update), one `apply` — one transaction — per poll as the engine does, then writes the same
/// rows through the raw SQLite C API in a single transaction. Both sides build their rows inside the timed loop.
/// Prints time per 1,000 events, the database sizes and the ratio. With `--postgres`, the same changes are also
/// applied to a `PostgresStateStore` on a throwaway cluster on loopback (fsync on), and its cost is compared with
/// SQLite's (issue 18). Build in release mode for meaningful figures.
struct StoreBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Benchmark the state store: apply events and reported commits, compare with a raw SQLite bulk insert."
    )

    @Option(help: "Events to apply (one change each).")
    var events = 100_000

    @Option(help: "Reported commits per event.")
    var commitsPerEvent = 10

    @Option(help: "Projects the events are spread over.")
    var projects = 100

    @Option(help: "Changes per apply (1 = one transaction per poll, as the engine does).")
    var batch = 1

    @Option(help: "Commit durability: full (the default, fsync per commit) or normal.")
    var durability = "full"

    @Option(help: "Directory for the benchmark databases (default: a fresh temporary directory, removed after).")
    var directory: String?

    @Flag(help: "Also apply the changes to PostgreSQL (a throwaway cluster on loopback, fsync on) and compare.")
    var postgres = false

    func validate() throws {
        guard events > 0, commitsPerEvent > 0, projects > 0, batch > 0 else {
            throw ValidationError("--events, --commits-per-event, --projects and --batch must be positive")
        }
        guard StoreConfiguration.Durability(rawValue: durability.uppercased()) != nil else {
            throw ValidationError("--durability must be full or normal")
        }
    }

    func run() async throws {
        let clock = ContinuousClock()
        let durability = StoreConfiguration.Durability(rawValue: durability.uppercased()) ?? .full
        let workload = StoreBenchWorkload(events: events, commitsPerEvent: commitsPerEvent, projects: projects)
        let root = directory ?? NSTemporaryDirectory() + "glwatch-bench-store-\(getpid())"
        defer { if directory == nil { try? FileManager.default.removeItem(atPath: root) } }
        let storePath = root + "/store/state.db"
        let bulkPath = root + "/bulk/state.db"
        for path in [storePath, bulkPath] { try? FileManager.default.removeItem(atPath: path) }

        print(
            """
            glwatch-dev bench store: \(events) events (1 delivery each), \(events * commitsPerEvent) reported commits, \
            \(projects) projects, \(batch) change(s) per transaction, synchronous=\(durability.rawValue), \
            SQLite \(String(cString: sqlite3_libversion()))
            """
        )

        // The store, as the engine uses it.
        let store = try SQLiteStateStore(StoreConfiguration(path: storePath, durability: durability))
        let (storeTime, storeCPU) = try await applyAll(workload, to: store, clock: clock)
        let storeSize = try await Self.checkpointedSize(store, path: storePath)
        try store.close()

        // The baseline: same schema and project rows, raw C API, one transaction.
        let schema = try SQLiteStateStore(StoreConfiguration(path: bulkPath, durability: durability))
        _ = try await schema.apply(StateChange(at: StoreBenchWorkload.start, projects: workload.projectRecords()))
        try schema.close()
        let bulkCPUStart = Self.processCPUTime()
        let bulkTime = try SQLiteBulkInsertBaseline(workload: workload)
            .run(path: bulkPath, synchronous: durability.rawValue, clock: clock)
        let bulkCPU = Self.processCPUTime() - bulkCPUStart
        let bulk = try SQLiteStateStore(StoreConfiguration(path: bulkPath, durability: durability))
        let bulkSize = try await Self.checkpointedSize(bulk, path: bulkPath)
        try bulk.close()

        let perThousand = { (time: Duration) in Self.format(time / (Double(events) / 1000)) }
        print(
            """
            store.apply:        \(Self.format(storeTime)) total, \(perThousand(storeTime)) per 1,000 events \
            (+\(commitsPerEvent * 1000) commits); CPU \(perThousand(storeCPU)) per 1,000; \
            database \(Self.format(bytes: storeSize))
            raw bulk insert:    \(Self.format(bulkTime)) total, \(perThousand(bulkTime)) per 1,000 events; \
            CPU \(perThousand(bulkCPU)) per 1,000; database \(Self.format(bytes: bulkSize))
            ratio store/bulk:   \(Self.ratio(storeTime, bulkTime)) time, \(Self.ratio(storeCPU, bulkCPU)) CPU, \
            \(String(format: "%.2f", Double(storeSize) / Double(bulkSize)))x size
            """
        )
        if postgres {
            try await comparePostgres(workload, sqlite: (storeTime, storeCPU), clock: clock)
        }
    }

    /// Applies the workload's changes to `store`, `--batch` per transaction; returns the wall and CPU time.
    private func applyAll(
        _ workload: StoreBenchWorkload, to store: some StateStore, clock: ContinuousClock
    ) async throws -> (time: Duration, cpu: Duration) {
        _ = try await store.apply(StateChange(at: StoreBenchWorkload.start, projects: workload.projectRecords()))
        let start = clock.now
        let cpuStart = Self.processCPUTime()
        var i = 0
        while i < events {
            let end = min(i + batch, events)
            var change = workload.change(i)
            for j in (i + 1)..<end {
                let next = workload.change(j)
                change.heads += next.heads
                change.reportedCommits += next.reportedCommits
                change.events += next.events
            }
            _ = try await store.apply(change)
            i = end
        }
        return (clock.now - start, Self.processCPUTime() - cpuStart)
    }

    /// The same changes through `PostgresStateStore` on a fresh throwaway cluster (fsync on, as SQLite's FULL
    /// durability): its time and this process's CPU per 1,000 events, and the ratios to SQLite's. The server's own
    /// CPU is not in this process's figure; the wall time includes it.
    private func comparePostgres(
        _ workload: StoreBenchWorkload, sqlite: (time: Duration, cpu: Duration), clock: ContinuousClock
    ) async throws {
        let url: String
        switch ThrowawayPostgresCluster.start(durable: true) {
        case .success(let started): url = started
        case .failure(let failure): throw ValidationError("--postgres: \(failure)")
        }
        let store = try await PostgresStateStore.open(try PostgresStoreConfiguration(url: url))
        let measured: (time: Duration, cpu: Duration)
        do {
            measured = try await applyAll(workload, to: store, clock: clock)
        } catch {
            await store.close()
            throw error
        }
        await store.close()
        let perThousand = { (time: Duration) in Self.format(time / (Double(events) / 1000)) }
        print(
            """
            PostgreSQL apply:   \(Self.format(measured.time)) total, \(perThousand(measured.time)) per 1,000 events; \
            client CPU \(perThousand(measured.cpu)) per 1,000 (server: \(Self.serverLocation(url)))
            ratio pg/sqlite:    \(Self.ratio(measured.time, sqlite.time)) time, \(Self.ratio(measured.cpu, sqlite.cpu)) \
            client CPU
            """
        )
    }

    /// Where the PostgreSQL server listens, for the report (never the password).
    private static func serverLocation(_ url: String) -> String {
        let components = URLComponents(string: url)
        return "127.0.0.1:\(components?.port ?? 0), fsync on"
    }

    /// CPU time used by the whole process so far (all threads: GRDB writes on its own dispatch queue).
    private static func processCPUTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    private static func ratio(_ lhs: Duration, _ rhs: Duration) -> String {
        String(format: "%.1fx", seconds(lhs) / seconds(rhs))
    }

    /// The database's size after a full checkpoint (main file plus what remains of the WAL).
    private static func checkpointedSize(_ store: SQLiteStateStore, path: String) async throws -> Int64 {
        try await store.writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        return [path, path + "-wal"].reduce(Int64(0)) { total, file in
            var info = stat()
            return total + (stat(file, &info) == 0 ? Int64(info.st_size) : 0)
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func format(_ duration: Duration) -> String {
        let s = seconds(duration)
        return s >= 1 ? String(format: "%.2f s", s) : String(format: "%.1f ms", s * 1000)
    }

    private static func format(bytes: Int64) -> String {
        String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }
}
