import Foundation

/// Reads a GitLab webhook's `X-Gitlab-Event` header and JSON body into a `HookHint` (docs/gitlab-api.md, "Webhooks
/// as hints").
///
/// Project and group hooks: `Push Hook` (`object_kind: push`) and `Tag Push Hook` (`tag_push`). System hooks
/// (`System Hook`, told apart by `event_name`): `push`, `tag_push`, `repository_update`, and the project lifecycle
/// `project_create`, `project_destroy`, `project_rename`, `project_transfer`. Only `project_id` and the ref are
/// read; the commits a push hook lists (at most 20) are not, since the poll reads the truth.
///
/// ```swift
/// switch try HookPayload.parse(event: "Push Hook", body: body) {
/// case .hint(let hint): engine.hint(hint, instance: "gitlab.com")
/// case .unknownEvent(let name): …   // answered 200 and counted, never polled
/// }
/// ```
enum HookPayload {
    /// What a hook amounts to.
    enum Parsed: Sendable, Equatable {
        /// A hint glwatch acts on.
        case hint(HookHint)
        /// An event glwatch does not act on (a merge request hook, a `user_create` system hook…), by name.
        case unknownEvent(String)
    }

    /// The `X-Gitlab-Event` values of the hooks glwatch reads.
    static let projectEvents = ["Push Hook": "push", "Tag Push Hook": "tag_push"]
    /// The `X-Gitlab-Event` value of every system hook.
    static let systemEvent = "System Hook"
    /// The system hooks' `event_name`s that announce a push.
    static let systemPushes: Set<String> = ["push", "tag_push", "repository_update"]
    /// The system hooks' `event_name`s that announce a project's creation, removal or move.
    static let systemLifecycle: Set<String> = [
        "project_create", "project_destroy", "project_rename", "project_transfer",
    ]

    /// Reads one hook.
    ///
    /// - throws: `HookPayloadError` when the body is not a JSON object or lacks a usable `project_id`.
    static func parse(event header: String?, body: [UInt8]) throws(HookPayloadError) -> Parsed {
        let header = header?.trimmingCharacters(in: .whitespaces) ?? ""
        guard let projectEvent = projectEvents[header] ?? (header == systemEvent ? "" : nil) else {
            return .unknownEvent(header.isEmpty ? "(no X-Gitlab-Event)" : header)
        }
        let object = try self.object(body)
        let event: String
        if header == systemEvent {
            guard let name = object["event_name"] as? String else {
                throw HookPayloadError("a system hook without \"event_name\"")
            }
            guard systemPushes.contains(name) || systemLifecycle.contains(name) else { return .unknownEvent(name) }
            event = name
        } else {
            event = projectEvent
        }
        let project = try projectID(object)
        if systemLifecycle.contains(event) {
            return .hint(HookHint(event: event, kind: .lifecycle, project: project, ref: nil, refType: nil))
        }
        let (ref, refType) = self.ref(object, event: event)
        return .hint(HookHint(event: event, kind: .push, project: project, ref: ref, refType: refType))
    }

    private static func object(_ body: [UInt8]) throws(HookPayloadError) -> [String: Any] {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: Data(body))
        } catch {
            throw HookPayloadError("the body is not JSON")
        }
        guard let object = parsed as? [String: Any] else { throw HookPayloadError("the body is not a JSON object") }
        return object
    }

    /// `project_id`, else `project.id`: a positive integer.
    private static func projectID(_ object: [String: Any]) throws(HookPayloadError) -> Int64 {
        let value = object["project_id"] ?? (object["project"] as? [String: Any])?["id"]
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c",  // not true/false
            let id = Int64(exactly: number.doubleValue), id > 0
        else {
            throw HookPayloadError("no positive integer \"project_id\"")
        }
        return id
    }

    /// The one ref a push names: `ref`, or the only entry of a `repository_update`'s `changes`; `nil` when there
    /// are several (the whole project is polled).
    private static func ref(_ object: [String: Any], event: String) -> (String?, String?) {
        var full = object["ref"] as? String
        if full == nil, let changes = object["changes"] as? [[String: Any]], changes.count == 1 {
            full = changes[0]["ref"] as? String
        }
        guard let full, !full.isEmpty else { return (nil, event == "tag_push" ? "tag" : nil) }
        let (name, type) = HookHint.split(ref: full)
        return (name, event == "tag_push" ? "tag" : type)
    }
}

/// Why a hook's body cannot be read (answered 400); says what is wrong, never echoes the body.
struct HookPayloadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    var description: String

    /// Creates the error.
    init(_ description: String) { self.description = description }
}
