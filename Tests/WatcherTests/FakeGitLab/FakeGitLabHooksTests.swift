import FakeGitLab
import Foundation
import Logging
import Notifier
import Testing

@testable import Watcher

/// The fake GitLab's webhooks, received by glwatch's own listener over real HTTP: the documented shapes for its
/// pushes and project changes, no hook for a push of more than 3 refs, and the drop knob.
@Suite(.timeLimit(.minutes(5))) struct FakeGitLabHooksTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    /// A hook listener over `target` on 127.0.0.1; runs `body` with its URL; always stops it.
    private func withListener(_ target: RecordingHookTarget, _ body: (URL) async throws -> Void) async throws {
        let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        let receiver = try HookReceiver(
            token: Secret("fake-hook-token"),
            instance: "fake",
            target: target,
            repeats: HookRepeats(now: { Date() }),
            logger: logger
        )
        let listener = HookListener(
            configuration: .init(host: "127.0.0.1", port: 0, path: "/gitlab"),
            receiver: receiver,
            logger: logger
        )
        let port = try await listener.start()
        do {
            try await body(URL(string: "http://127.0.0.1:\(port)/gitlab")!)
        } catch {
            await listener.stop()
            throw error
        }
        await listener.stop()
    }

    @Test func testProjectHooks_pushesAndTagsArriveAsGitLabSendsThem() async throws {
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        api.commits(1, by: [ann])
        let target = RecordingHookTarget()
        try await withListener(target) { url in
            // Given project hooks to glwatch's listener
            fake.sendHooks(FakeHookSettings(url: url, token: "fake-hook-token"))

            // When the project is pushed to, tagged, and pushed 4 branches at once
            api.commits(25, by: [ann])
            api.tag("v1.0.0", at: "main")
            api.pushBranches(["main", "a", "b", "c"])
            await fake.waitForHooks(2)

            // Then a push hook and a tag push hook were accepted, and the bulk push fired none
            #expect(fake.sentHooks.map(\.event) == ["Push Hook", "Tag Push Hook"])
            #expect(fake.sentHooks.map(\.status) == [200, 200])
            #expect(
                Set(target.hints)
                    == [
                        HookHint(event: "push", kind: .push, project: api.id, ref: "main", refType: "branch"),
                        HookHint(event: "tag_push", kind: .push, project: api.id, ref: "v1.0.0", refType: "tag"),
                    ]
            )
        }
    }

    @Test func testSystemHooks_announceProjectsCreatedRenamedMovedAndDeleted() async throws {
        let fake = FakeGitLab()
        let target = RecordingHookTarget()
        try await withListener(target) { url in
            fake.sendHooks(FakeHookSettings(url: url, token: "fake-hook-token", kind: .system))

            let project = fake.addProject("acme/api")
            project.rename(to: "acme/service")
            project.move(toGroup: "platform")
            project.commits(1, by: [ann])
            project.delete()
            await fake.waitForHooks(5)

            #expect(
                fake.sentHooks.map(\.eventName)
                    == ["project_create", "project_rename", "project_transfer", "push", "project_destroy"]
            )
            #expect(
                Set(target.hints.map(\.event)) == [
                    "project_create", "project_rename", "project_transfer", "push", "project_destroy",
                ]
            )
            #expect(target.hints.allSatisfy { $0.project == project.id })
        }
    }

    @Test func testDropFraction_dropsThatShareOfHooksReproducibly() async throws {
        let fake = FakeGitLab()
        let projects = (0..<40).map { fake.addProject("acme/p\($0)") }
        for project in projects { project.commits(1, by: [ann]) }
        let target = RecordingHookTarget()
        try await withListener(target) { url in
            fake.sendHooks(FakeHookSettings(url: url, token: "fake-hook-token", dropFraction: 0.5, seed: 7))

            for project in projects { project.commits(1, by: [ann]) }
            await fake.waitForHooks(40)

            let dropped = fake.sentHooks.filter(\.dropped).count
            #expect((10...30).contains(dropped))
            #expect(target.hints.count == 40 - dropped)
            #expect(Set(target.hints.map(\.project)) == Set(fake.sentHooks.filter { !$0.dropped }.map(\.project)))
        }
    }
}
