import Foundation
import Testing

@testable import Watcher

/// Tags in the store (schema v4): tracked per project, set, moved, deleted and forgotten inside `apply`.
@Suite("State store contract: tags", .closesStores)
struct TagsContractTests {
    @Test(arguments: StoreKind.available)
    func testApply_trackAndSetTags_readsThemBackSortedByName(_ kind: StoreKind) async throws {
        // Given a stored project
        let store = try await kind.open()
        _ = try await store.apply(StateChange(at: Sample.time(), projects: [Sample.record(Sample.projectA)]))
        #expect(try await store.projectState(Sample.projectA)?.tags == nil)

        // When its tags are tracked with two tags, one annotated (the SHA in upper case)
        _ = try await store.apply(
            StateChange(
                at: Sample.time(5),
                tags: [
                    .track(project: Sample.projectA),
                    .set(project: Sample.projectA, tag: "v2", sha: Sample.sha(2).uppercased(), message: "Two"),
                    .set(project: Sample.projectA, tag: "v1", sha: Sample.sha(1), message: nil),
                ]
            )
        )

        // Then they read back sorted, lower-case, with their messages and the change's time
        #expect(
            try await store.projectState(Sample.projectA)?.tags == [
                StoredTag(name: "v1", sha: Sample.sha(1), updatedAt: Sample.time(5)),
                StoredTag(name: "v2", sha: Sample.sha(2), message: "Two", updatedAt: Sample.time(5)),
            ]
        )
    }

    @Test(arguments: StoreKind.available)
    func testApply_moveDeleteAndUntrack(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        let a = Sample.projectA
        _ = try await store.apply(
            StateChange(
                at: Sample.time(),
                projects: [Sample.record(a)],
                tags: [.track(project: a), .set(project: a, tag: "v1", sha: Sample.sha(1), message: "One")]
            )
        )

        // A tag moved keeps one row with the new commit; a deleted one leaves the project tracked with none
        _ = try await store.apply(
            StateChange(at: Sample.time(1), tags: [.set(project: a, tag: "v1", sha: Sample.sha(9), message: nil)])
        )
        #expect(try await store.projectState(a)?.tags?.map(\.sha) == [Sample.sha(9)])
        _ = try await store.apply(StateChange(at: Sample.time(2), tags: [.delete(project: a, tag: "v1")]))
        #expect(try await store.projectState(a)?.tags == [])

        // Untracking forgets the tags and the mark
        _ = try await store.apply(
            StateChange(
                at: Sample.time(3),
                tags: [.set(project: a, tag: "v2", sha: Sample.sha(2), message: nil), .untrack(project: a)]
            )
        )
        #expect(try await store.projectState(a)?.tags == nil)
        #expect(try await store.count("SELECT count(*) FROM tag") == 0)
    }

    @Test(arguments: StoreKind.available)
    func testApply_tagAtANonHexSHA_isRefusedWhole(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        let change = StateChange(
            at: Sample.time(),
            projects: [Sample.record(Sample.projectA)],
            tags: [
                .track(project: Sample.projectA), .set(project: Sample.projectA, tag: "v1", sha: "HEAD", message: nil),
            ]
        )

        let error = await #expect(throws: StateStoreError.self) { try await store.apply(change) }

        #expect(error == .invalidChange("tag v1 of \(Sample.projectA) is not at a hex SHA: HEAD"))
        #expect(try await store.projectState(Sample.projectA) == nil)
    }

    @Test(arguments: StoreKind.available)
    func testApply_tagOfAnUnknownProject_isRefused(_ kind: StoreKind) async throws {
        let store = try await kind.open()

        await #expect(throws: StateStoreError.unknownProject(Sample.projectB)) {
            try await store.apply(StateChange(at: Sample.time(), tags: [.track(project: Sample.projectB)]))
        }
    }
}
