import Foundation

extension SinkKind {
    /// Google Chat incoming webhook.
    public static let googleChat = SinkKind(rawValue: "google_chat")
}

/// The settings of a Google Chat sink.
public typealias GoogleChatSettings = ChatSettings<GoogleChatDialect>

/// `type: google_chat`, or Apprise's `gchat://workspace/key/token` for
/// `https://chat.googleapis.com/v1/spaces/workspace/messages?key=key&token=token`.
struct GoogleChatDefinition: SinkDefinition {
    let kind = SinkKind.googleChat
    let keys: [String] = []
    let defaultRateLimit: RateLimit? = RateLimit(messages: 1, per: 1, burst: 1)  // 60 writes per minute per space
    let urlSchemes = ["gchat"]
    let urlShape = "gchat://workspace/key/token"

    func settings(from block: SinkBlock) -> (any SinkSettings)? {
        block.endpoint.map { GoogleChatSettings(endpoint: $0) }
    }

    func settings(from url: NotificationURL, block: SinkBlock) throws(NotificationURLError) -> any SinkSettings {
        guard !url.authority.isEmpty, url.path.count == 2 else {
            throw NotificationURLError("it needs a workspace, a key and a token")
        }
        let query = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_.~"))
        let key = url.path[0].addingPercentEncoding(withAllowedCharacters: query) ?? url.path[0]
        let token = url.path[1].addingPercentEncoding(withAllowedCharacters: query) ?? url.path[1]
        let address =
            "https://chat.googleapis.com/v1/spaces/\(NotificationURL.encode(url.authority))/messages"
            + "?key=\(key)&token=\(token)"
        return GoogleChatSettings(endpoint: block.endpoint(url: address))
    }
}
