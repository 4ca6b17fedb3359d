import Foundation
import Logging
import Testing

@testable import Watcher

@Suite struct JSONLogHandlerTests {
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()

        func append(_ chunk: Data) {
            lock.lock()
            data.append(chunk)
            lock.unlock()
        }

        var objects: [[String: Any]] {
            lock.lock()
            defer { lock.unlock() }
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map {
                try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
            }
        }
    }

    func makeLogger(_ lines: Lines, level: Logger.Level = .info) -> Logger {
        let output = LogOutput { lines.append($0) }
        var logger = Logger(label: "glwatch.test") { label in
            JSONLogHandler(label: label, output: output, now: { Date(timeIntervalSince1970: 1_700_000_000.25) })
        }
        logger.logLevel = level
        return logger
    }

    @Test func testLog_writesOneJSONObjectPerLine_withMergedMetadata() {
        let lines = Lines()
        var logger = makeLogger(lines)
        logger[metadataKey: "project"] = "acme/api"
        logger.info("poll finished", metadata: ["requests": "1", "branches": .array(["main", "dev"])])

        let objects = lines.objects
        #expect(objects.count == 1)
        let line = objects[0]
        #expect(line["time"] as? String == "2023-11-14T22:13:20.250Z")
        #expect(line["level"] as? String == "info")
        #expect(line["label"] as? String == "glwatch.test")
        #expect(line["message"] as? String == "poll finished")
        let metadata = line["metadata"] as? [String: Any]
        #expect(metadata?["project"] as? String == "acme/api")
        #expect(metadata?["requests"] as? String == "1")
        #expect(metadata?["branches"] as? [String] == ["main", "dev"])
    }

    @Test func testLog_belowLevel_writesNothing() {
        let lines = Lines()
        let logger = makeLogger(lines, level: .warning)
        logger.info("not shown")
        logger.warning("shown")
        #expect(lines.objects.map { $0["message"] as? String } == ["shown"])
    }

    @Test func testLog_messageWithNewlinesAndQuotes_staysOneValidLine() {
        let lines = Lines()
        makeLogger(lines).error("bad \"config\"\nline 2")
        #expect(lines.objects.first?["message"] as? String == "bad \"config\"\nline 2")
    }

    @Test func testLog_concurrentLoggers_neverInterleaveLines() async {
        let lines = Lines()
        let logger = makeLogger(lines)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<200 { logger.info("task \(task) line \(index)") }
                }
            }
        }
        #expect(lines.objects.count == 1600)
    }
}
