import Foundation

/// One benchmark: the same work written against RxCore and against OpenCombine, each returning a checksum so the
/// two can be checked to compute the same thing (and so the optimizer cannot drop the work).
struct BenchmarkCase {
    let name: String
    /// What one "op" is, for the ns/op column.
    let unit: String
    /// How many ops one run performs.
    let operations: Int
    let rxCore: () -> Int
    let openCombine: () -> Int
}

/// Measurements of one case.
struct BenchmarkResult {
    let benchmark: BenchmarkCase
    let rxCoreNanosecondsPerOp: Double
    let openCombineNanosecondsPerOp: Double
    let checksumsMatch: Bool

    /// How many times faster RxCore is (OpenCombine time / RxCore time).
    var speedup: Double { openCombineNanosecondsPerOp / rxCoreNanosecondsPerOp }
}

/// Runs each side once to warm up, then `repetitions` times alternately, keeping the fastest run of each: the
/// least disturbed by other work on a shared machine.
///
/// Time is the CPU time of this thread (`CLOCK_THREAD_CPUTIME_ID`): every case runs synchronously on it, and on a
/// busy machine wall-clock time would also count the time other processes held the cores.
func measure(_ benchmark: BenchmarkCase, repetitions: Int) -> BenchmarkResult {
    let rxChecksum = benchmark.rxCore()
    let combineChecksum = benchmark.openCombine()
    var bestRx = UInt64.max
    var bestCombine = UInt64.max
    for _ in 0..<repetitions {
        var checksum = 0
        let rxTime = threadCPUTime { checksum = benchmark.rxCore() }
        precondition(checksum == rxChecksum, "\(benchmark.name): RxCore is not deterministic")
        let combineTime = threadCPUTime { checksum = benchmark.openCombine() }
        precondition(checksum == combineChecksum, "\(benchmark.name): OpenCombine is not deterministic")
        bestRx = min(bestRx, rxTime)
        bestCombine = min(bestCombine, combineTime)
    }
    return BenchmarkResult(
        benchmark: benchmark,
        rxCoreNanosecondsPerOp: Double(bestRx) / Double(benchmark.operations),
        openCombineNanosecondsPerOp: Double(bestCombine) / Double(benchmark.operations),
        checksumsMatch: rxChecksum == combineChecksum
    )
}

/// CPU nanoseconds this thread spent running `body`.
private func threadCPUTime(_ body: () -> Void) -> UInt64 {
    var start = timespec()
    var end = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
    body()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
    let nanoseconds = Int64(end.tv_sec - start.tv_sec) * 1_000_000_000 + Int64(end.tv_nsec - start.tv_nsec)
    return UInt64(max(nanoseconds, 0))
}
