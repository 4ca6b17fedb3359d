import ChildProcess
import Foundation
import Testing

/// `glwatch check` as users run it: the built executable, a real file, the real environment.
@Suite struct CheckCommandProcessTests {
    /// Runs `glwatch arguments…` with exactly `environment`; returns the exit status, stdout and stderr.
    func run(_ arguments: [String], environment: [String: String], directory: URL) throws -> (Int32, String, String) {
        let process = try ChildProcess(
            try GLWatchExecutable.locate(),
            arguments: arguments,
            environment: environment,
            directory: directory,
            standardOutput: .pipe,
            standardError: .pipe
        )
        // These commands write far less than a pipe holds, so reading one pipe to its end before the other cannot
        // block the child.
        let out = process.standardOutput!.readDataToEndOfFile()
        let err = process.standardError!.readDataToEndOfFile()
        let end = process.waitUntilExit()
        return (end.status, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glwatch-check-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func testCheck_reportsExactPositions_exitsOne_andNeverPrintsASecret() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
        gitlab:
          main: {token_env: GITLAB_TOKEN, auth: privat}
        watch:
          - project: acme/api
            intervall: 1m
        sinks:
          chat: {type: slack, url: "${SLACK_URL}/x"}
        rules:
          - {name: all, notify: [chat], branch: "${BRANCH}"}
        """.write(to: directory.appendingPathComponent("glwatch.yml"), atomically: true, encoding: .utf8)
        let secret = "glpat-NEVER-PRINT-THIS"
        let (status, output, errors) = try run(
            ["check"],
            environment: ["HOME": directory.path, "GITLAB_TOKEN": secret, "SLACK_URL": "ftp://\(secret)"],
            directory: directory
        )
        #expect(status == 1)
        #expect(output.isEmpty)
        #expect(
            errors == """
                ./glwatch.yml:2:41: unknown auth "privat" for gitlab instance "main" (did you mean "private"?) (one of private, bearer, job, none)
                ./glwatch.yml:5:5: unknown key "intervall" in watch target #1 (did you mean "interval"?)
                ./glwatch.yml:7:28: the URL from "url" in sink "chat" is not an http(s) URL
                ./glwatch.yml:9:42: environment variable "BRANCH" is not set (or give a default: ${BRANCH:-default})
                4 problems found

                """
        )
        #expect(!errors.contains("NEVER-PRINT"))
    }

    @Test func testInitThenCheck_succeeds_andInitRefusesToOverwrite() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = ["HOME": directory.path]

        let (initStatus, initOutput, _) = try run(["init"], environment: environment, directory: directory)
        #expect(initStatus == 0)
        #expect(initOutput == "Wrote glwatch.yml. Next: edit it, then run `glwatch check` and `glwatch run`.\n")

        let (checkStatus, checkOutput, checkErrors) = try run(["check"], environment: environment, directory: directory)
        #expect(checkStatus == 0, "\(checkErrors)")
        #expect(checkOutput == "./glwatch.yml: OK — 1 GitLab instance, 1 watch target, 1 sink, 1 rule\n")

        let (again, _, againErrors) = try run(["init"], environment: environment, directory: directory)
        #expect(again == 1)
        #expect(againErrors == "glwatch.yml already exists; pass --force to overwrite it\n")
    }

    @Test func testSchema_printsJSON() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (status, output, _) = try run(["schema"], environment: [:], directory: directory)
        #expect(status == 0)
        let schema = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        #expect(schema?["title"] as? String == "glwatch config (glwatch.yml)")
    }
}
