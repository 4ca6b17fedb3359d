// swift-tools-version:6.2
// `glwatch-bench`: RxCore against OpenCombine (BENCHMARKS.md). A package of its own, beside glwatch's rather than
// in it, so that OpenCombine — used by nothing else — is built only by those who run this benchmark, never by CI,
// `swift build` or `swift test` (issue 35).
//
//   swift run -c release --package-path Tests/Benchmarks glwatch-bench
import PackageDescription

let package = Package(
    name: "glwatch-bench",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "glwatch-bench", targets: ["glwatch-bench"])],
    dependencies: [
        .package(name: "glwatch", path: "../.."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .executableTarget(
            name: "glwatch-bench",
            dependencies: [
                .product(name: "RxCore", package: "glwatch"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
