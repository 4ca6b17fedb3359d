import Foundation
import Testing

@testable import Watcher

/// Reading a state export: what is accepted, and the exact message for every way a file can be wrong.
@Suite("StateDumpReader")
struct StateDumpReaderTests {
    static let header = #"{"format":"glwatch-state","version":1,"schema":["v1-initial-schema"]}"#
    static let emptyEnd =
        #"{"end":{"project":0,"branchHead":0,"contributor":0,"reportedCommit":0,"watchStart":0,"tagWatch":0,"tag":0,"event":0,"delivery":0,"deliveryAttempt":0}}"#
    static let project =
        #"{"table":"project","row":{"id":7,"instance":"gitlab.com","gitlabId":42,"path":"acme/api","status":"active","consecutiveFailures":0}}"#

    private func read(_ lines: [String], newline: Bool = true) throws -> StateDumpContent {
        try StateDumpReader.read(Data((lines.joined(separator: "\n") + (newline ? "\n" : "")).utf8), source: "in.jsonl")
    }

    private func message(_ lines: [String], newline: Bool = true) -> String {
        do {
            _ = try read(lines, newline: newline)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func testRead_headerRowsAndEnd_givesTheRowsInColumnOrderWithNullsForMissingColumns() throws {
        let end = Self.emptyEnd.replacingOccurrences(of: #""project":0"#, with: #""project":1"#)
        let content = try read([Self.header, Self.project, end])
        #expect(content.schema == ["v1-initial-schema"])
        #expect(content.tables.map(\.table.name) == StateDump.tables.map(\.name))
        #expect(
            content.tables[0].rows == [
                [
                    .integer(7), .text("gitlab.com"), .integer(42), .text("acme/api"), .text("active"), .null, .null,
                    .integer(0), .null, .null,
                ]
            ]
        )
        #expect(content.summary == "1 project, 0 events, 0 deliveries (1 rows in all)")
    }

    @Test func testRead_writerOutput_roundTripsEveryKindAndHostileText() throws {
        // Given rows written by the writer with text that needs escaping, bytes and flags
        var writer = StateDumpWriter()
        let watchStart = try #require(StateDump.table(named: "watchStart"))
        let reported = try #require(StateDump.table(named: "reportedCommit"))
        let hostile = "line\nbreak \"quoted\" back\\slash \u{1B}[31mred\u{7} \u{2028} ünï"
        let lines = [
            writer.header(schema: ["v1-initial-schema"]),
            writer.row(watchStart, [.text(hostile), .integer(-5), .flag(true)]),
            writer.row(reported, [.integer(1), .integer(2), .bytes(Data([0, 255, 10, 13])), .integer(Int64.max)]),
            writer.end(),
        ]
        #expect(lines.allSatisfy { !$0.contains("\n") && !$0.contains("\u{1B}") })
        // When read, Then every value comes back as written
        let content = try read(lines)
        #expect(content.tables.first { $0.table == watchStart }?.rows == [[.text(hostile), .integer(-5), .flag(true)]])
        #expect(
            content.tables.first { $0.table == reported }?.rows == [
                [.integer(1), .integer(2), .bytes(Data([0, 255, 10, 13])), .integer(Int64.max)]
            ]
        )
    }

    @Test func testRead_notAnExport_refuses() {
        #expect(
            message([#"{"hello":1}"#])
                == "in.jsonl is not a glwatch state export (its first line is not a glwatch-state header)"
        )
        #expect(message([]) == "in.jsonl is not a glwatch state export (its first line is not a glwatch-state header)")
    }

    @Test func testRead_newerFormatVersion_refusesNamingIt() {
        #expect(
            message([#"{"format":"glwatch-state","version":2,"schema":[]}"#, Self.emptyEnd])
                == "in.jsonl is in state export format version 2, newer than this glwatch reads (1): import it with a "
                + "glwatch at least as new as the one that exported it"
        )
    }

    @Test func testRead_newerSchema_refusesNamingTheUnknownMigrations() {
        #expect(
            message([#"{"format":"glwatch-state","version":1,"schema":["v1-initial-schema","v99-\u001b[2Jfuture"]}"#])
                == #"in.jsonl was exported by a newer glwatch (unknown migrations: "v99-\u{1B}[2Jfuture"): import it "#
                + "with a glwatch at least as new as the one that exported it"
        )
    }

    @Test func testRead_fileCutShort_refusesNamingTheLastWholeLine() {
        // Without its end line
        #expect(
            message([Self.header, Self.project])
                == "in.jsonl is cut short after line 2 (no end line: was the export or the copy interrupted?); nothing "
                + "was imported — export again"
        )
        // In the middle of a line
        #expect(
            message([Self.header, Self.project, String(Self.project.prefix(30))], newline: false)
                == "in.jsonl is cut short after line 2 (no end line: was the export or the copy interrupted?); nothing "
                + "was imported — export again"
        )
    }

    @Test func testRead_malformedLines_refuseWithTheLineNumber() {
        func row(_ json: String) -> [String] { [Self.header, json, Self.emptyEnd] }
        #expect(message(row("not json")) == "in.jsonl, line 2: not a JSON object; nothing was imported")
        #expect(
            message(row(#"{"table":"secret\u001b[31m","row":{}}"#))
                == #"in.jsonl, line 2: unknown table "secret\u{1B}[31m"; nothing was imported"#
        )
        #expect(
            message(row(Self.project.replacingOccurrences(of: #""id":7"#, with: #""id":7,"owner":"x""#)))
                == #"in.jsonl, line 2: unknown column "owner" in table project; nothing was imported"#
        )
        #expect(
            message(row(Self.project.replacingOccurrences(of: #""gitlabId":42"#, with: #""gitlabId":"42""#)))
                == "in.jsonl, line 2: project.gitlabId must be an integer; nothing was imported"
        )
        #expect(
            message(row(Self.project.replacingOccurrences(of: #""path":"acme/api","#, with: "")))
                == "in.jsonl, line 2: project.path is missing (it cannot be null); nothing was imported"
        )
        #expect(
            message(row(#"{"table":"watchStart","row":{"subject":"s","since":1,"isNew":1}}"#))
                == "in.jsonl, line 2: watchStart.isNew must be true or false; nothing was imported"
        )
        #expect(
            message(row(#"{"table":"reportedCommit","row":{"id":1,"projectId":1,"sha":"%%%","reportedAt":1}}"#))
                == "in.jsonl, line 2: reportedCommit.sha is not base64; nothing was imported"
        )
        #expect(
            message([Self.header, Self.project, Self.emptyEnd])
                == "in.jsonl, line 3: the end line counts 0 project rows, the file has 1 (lines lost?); nothing was "
                + "imported"
        )
        #expect(
            message([Self.header, Self.emptyEnd, Self.project])
                == "in.jsonl, line 3: a line after the end line; nothing was imported"
        )
    }
}
