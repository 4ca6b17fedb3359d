import Foundation

// glwatch-bench: RxCore against OpenCombine on the same five workloads, then RxCore's Infallible and debug against
// plain Observable chains, in one run.
// Build in release (a package of its own, Tests/Benchmarks/Package.swift):
//   swift run -c release --package-path Tests/Benchmarks glwatch-bench [--repetitions N] [--case a|b|…|i]

let arguments = CommandLine.arguments

func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

let repetitions = option("--repetitions").flatMap(Int.init) ?? 5
let selectedCase = option("--case").map { "(\($0))" }

let million = 1_000_000
let cases = [
    BenchmarkCase(
        name: "(a) map → filter → distinctUntilChanged, 1,000,000 Ints",
        unit: "element",
        operations: million,
        rxCore: { RxCoreCases.mapFilterDistinct(count: million) },
        openCombine: { OpenCombineCases.mapFilterDistinct(count: million) }
    ),
    BenchmarkCase(
        name: "(b) flatMap, 10,000 outer → 3 inner each",
        unit: "outer element",
        operations: 10_000,
        rxCore: { RxCoreCases.flatMap(outerCount: 10_000) },
        openCombine: { OpenCombineCases.flatMap(outerCount: 10_000) }
    ),
    BenchmarkCase(
        name: "(c) subscribe + dispose, 3-operator chain, 100,000×",
        unit: "subscribe+dispose",
        operations: 100_000,
        rxCore: { RxCoreCases.subscribeDispose(count: 100_000) },
        openCombine: { OpenCombineCases.subscribeDispose(count: 100_000) }
    ),
    BenchmarkCase(
        name: "(d) subject, 10 subscribers, 1,000,000 events",
        unit: "event",
        operations: million,
        rxCore: { RxCoreCases.subjectFanOut(subscriberCount: 10, eventCount: million) },
        openCombine: { OpenCombineCases.subjectFanOut(subscriberCount: 10, eventCount: million) }
    ),
    BenchmarkCase(
        name: "(e) scan, 1,000,000 elements",
        unit: "element",
        operations: million,
        rxCore: { RxCoreCases.scan(count: million) },
        openCombine: { OpenCombineCases.scan(count: million) }
    ),
]

#if DEBUG
print(
    "warning: debug build; figures are meaningless. Use "
        + "`swift run -c release --package-path Tests/Benchmarks glwatch-bench`."
)
#endif
print("glwatch-bench: RxCore vs OpenCombine (thread CPU time, best of \(repetitions) runs after a warm-up; lower is better)")
print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.operatingSystemVersionString)")
print("")

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

func leftPad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

/// One table row: the case, both timings, the ratio and the unit (built in steps: one long `+` chain is slow to
/// type-check).
func row(_ result: BenchmarkResult) -> String {
    let timings = leftPad(String(format: "%.1f", result.rxCoreNanosecondsPerOp), 14)
        + leftPad(String(format: "%.1f", result.openCombineNanosecondsPerOp), 19)
    let ratio = leftPad(String(format: "%.2fx", result.speedup), 9)
    let checksums = result.checksumsMatch ? "" : "  (checksums differ!)"
    return pad(result.benchmark.name, 56) + timings + ratio + "  \(result.benchmark.unit)" + checksums
}

print(pad("case", 56) + leftPad("RxCore ns/op", 14) + leftPad("OpenCombine ns/op", 19) + leftPad("ratio", 9) + "  unit")
var allFaster = true
for benchmark in cases where selectedCase.map({ benchmark.name.hasPrefix($0) }) ?? true {
    let result = measure(benchmark, repetitions: repetitions)
    allFaster = allFaster && result.speedup > 1
    print(row(result))
}
print("")
print("ratio = OpenCombine ns/op ÷ RxCore ns/op (above 1: RxCore is faster). RxCore faster on every case: \(allFaster)")

// RxCore against itself: Infallible vs Observable (should be ≈ 1.00: Infallible wraps the same operators), and the
// price of `debug` where it is used (a sequence without `debug` runs no debug code at all).
let overheadCases = [
    OverheadCases.pair(
        "(f) Infallible vs Observable: map → filter → distinct, 1M",
        unit: "element",
        operations: million,
        baseline: { OverheadCases.observableChain(count: million) },
        variant: { OverheadCases.infallibleChain(count: million) }
    ),
    OverheadCases.pair(
        "(g) Infallible vs Observable: scan, 1,000,000 elements",
        unit: "element",
        operations: million,
        baseline: { OverheadCases.observableScan(count: million) },
        variant: { OverheadCases.infallibleScan(count: million) }
    ),
    OverheadCases.pair(
        "(h) Infallible vs Observable: subscribe + dispose, 100,000×",
        unit: "subscribe+dispose",
        operations: 100_000,
        baseline: { OverheadCases.subscribeDispose(count: 100_000, infallible: false) },
        variant: { OverheadCases.subscribeDispose(count: 100_000, infallible: true) }
    ),
    OverheadCases.pair(
        "(i) the (f) chain with debug (output discarded) vs without",
        unit: "element",
        operations: million,
        baseline: { OverheadCases.observableChain(count: million) },
        variant: { OverheadCases.debugChain(count: million) }
    ),
]
print("")
print(pad("case", 56) + leftPad("variant ns/op", 14) + leftPad("baseline ns/op", 19) + leftPad("ratio", 9) + "  unit")
for benchmark in overheadCases where selectedCase.map({ benchmark.name.hasPrefix($0) }) ?? true {
    let result = measure(benchmark, repetitions: repetitions)
    print(row(result))
}
print("")
print("ratio = baseline ns/op ÷ variant ns/op (1.00: same cost; above 1: the variant is faster).")
