import Foundation
import XCTest

/// The leak check lives in `RxTest`; this keeps every RxCore test case under it, including ones added later.
final class ResourceCheckCoverageTests: RxTest {
    func testEveryRxCoreTestCase_inheritsTheResourceCheck() throws {
        let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(at: testsDirectory, includingPropertiesForKeys: nil))
        let declaration = try NSRegularExpression(pattern: #"class\s+(\w+)\s*:\s*XCTestCase\b"#)
        var offenders: [String] = []
        var scannedFiles = 0

        for case let file as URL in enumerator where file.pathExtension == "swift" {
            let source = try String(contentsOf: file, encoding: .utf8)
            scannedFiles += 1
            for match in declaration.matches(in: source, range: NSRange(source.startIndex..., in: source)) {
                guard let name = Range(match.range(at: 1), in: source).map({ String(source[$0]) }) else { continue }
                if name != "RxTest" {
                    offenders.append("\(file.lastPathComponent): \(name)")
                }
            }
        }

        XCTAssertGreaterThan(scannedFiles, 10, "did not find the RxCore test sources")
        XCTAssertEqual(offenders, [], "derive these from RxTest so Resources.total is checked around them")
    }
}
