import Foundation

extension SinkKind {
    /// Microsoft Teams Workflows webhook (Adaptive Card).
    public static let teams = SinkKind(rawValue: "teams")
}

/// The settings of a Teams sink.
public typealias TeamsSettings = ChatSettings<TeamsDialect>

/// `type: teams`, or Apprise's Power Automate notation `workflows://host[:port]/workflow/signature` for
/// `https://host[:port]/workflows/workflow/triggers/manual/paths/invoke` with
/// `?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=signature`
/// (Apprise retired `msteams://`, the Office 365 connectors, in 2026).
struct TeamsDefinition: SinkDefinition {
    let kind = SinkKind.teams
    let keys: [String] = []
    let defaultRateLimit: RateLimit? = RateLimit(messages: 4, per: 1, burst: 4)  // Teams: 4 requests per second
    let urlSchemes = ["workflows"]
    let urlShape = "workflows://host[:port]/workflow/signature"

    func settings(from block: SinkBlock) -> (any SinkSettings)? {
        block.endpoint.map { TeamsSettings(endpoint: $0) }
    }

    func settings(from url: NotificationURL, block: SinkBlock) throws(NotificationURLError) -> any SinkSettings {
        guard url.path.count == 2 else { throw NotificationURLError("it needs a workflow and a signature") }
        let workflow = NotificationURL.encode(url.path[0])
        let signature = url.path[1].addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? url.path[1]
        let address = try url.httpURL(
            secure: true,
            path: "/workflows/\(workflow)/triggers/manual/paths/invoke"
                + "?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=\(signature)"
        )
        return TeamsSettings(endpoint: block.endpoint(url: address))
    }
}
