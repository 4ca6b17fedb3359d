import Crypto
import Foundation

/// Derives an event's stable id from its content, so the same change always yields the same id.
///
/// The id is the hex SHA-256 of a versioned, unambiguous encoding of the event type, the project key, the
/// branch and the values that define the event (for `commits.new`, the old and new head SHAs). Receivers use
/// it to de-duplicate (it is the Standard Webhooks `webhook-id`), the store uses it as the event's key.
public enum EventID {
    /// Derives an id.
    ///
    /// - parameter type: The event type.
    /// - parameter projectKey: The project's stable key (`ProjectRef.key`).
    /// - parameter branch: The branch the event is about, if any.
    /// - parameter parts: The values that define the event, for example head SHAs.
    /// - returns: 64 lowercase hex digits.
    public static func derive(type: EventType, projectKey: String, branch: String?, parts: [String]) -> String {
        // Length-prefixing each field makes the encoding unambiguous whatever the fields contain.
        var input = "glwatch-event-v1"
        for field in [type.rawValue, projectKey, branch ?? "\u{0}"] + parts {
            input += "|\(field.utf8.count):\(field)"
        }
        return SHA256.hash(data: Data(input.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Derives the id of a digest (several events sent as one message) from its members' ids.
    public static func digest(of eventIDs: [String]) -> String {
        let input = "glwatch-digest-v1|" + eventIDs.joined(separator: "|")
        return SHA256.hash(data: Data(input.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// A date as an identity part: whole milliseconds since 1970.
    static func part(_ date: Date) -> String {
        String(Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }
}
