extension SinkKind {
    /// glwatch's JSON payload, Standard Webhooks signed.
    public static let webhook = SinkKind(rawValue: "webhook")
}

/// `type: webhook` (signing secrets, GitHub-style signature, body limit), or `json[s]://host[:port]/path`.
struct WebhookDefinition: SinkDefinition {
    let kind = SinkKind.webhook
    let keys = ["secret", "secret_env", "secret_file", "github_signature", "max_body_bytes"]
    let acceptsTemplate = false
    let urlSchemes = ["json", "jsons"]
    let urlShape = "json[s]://host[:port]/path"

    func settings(from block: SinkBlock) -> (any SinkSettings)? {
        let map = block.map
        var signer: WebhookSigner?
        if case let (secret, source)? = block.loader.secret(map, "secret", literalAllowed: false, required: false) {
            let secrets = secret.reveal().split(whereSeparator: \.isWhitespace).map { Secret(String($0)) }
            do {
                signer = try WebhookSigner(secrets: secrets, githubSignature: map.bool("github_signature") ?? false)
            } catch {
                block.error("\(error) in \"\(source.keyName)\" of sink \"\(block.name)\"", at: source.keyName)
            }
        } else if map.bool("github_signature") == true {
            block.error(
                "\(map.describe("github_signature")) needs \"secret_env\" or \"secret_file\"",
                at: "github_signature"
            )
        }
        guard let endpoint = block.endpoint else { return nil }
        return WebhookSettings(
            endpoint: endpoint,
            signer: signer,
            maxBodyBytes: map.int("max_body_bytes", minimum: 1024) ?? 1 << 20
        )
    }

    func settings(from url: NotificationURL, block: SinkBlock) throws(NotificationURLError) -> any SinkSettings {
        let path = "/" + url.path.map(NotificationURL.encode).joined(separator: "/")
        return WebhookSettings(
            endpoint: block.endpoint(url: try url.httpURL(secure: url.isSecure(base: "json"), path: path))
        )
    }
}

/// The settings of a webhook sink.
public struct WebhookSettings: SinkSettings {
    /// Where it posts.
    public var endpoint: HTTPEndpoint
    /// Signs requests, when secrets are configured.
    public var signer: WebhookSigner?
    /// The largest body sent.
    public var maxBodyBytes: Int

    /// Creates settings.
    public init(endpoint: HTTPEndpoint, signer: WebhookSigner? = nil, maxBodyBytes: Int = 1 << 20) {
        self.endpoint = endpoint
        self.signer = signer
        self.maxBodyBytes = maxBodyBytes
    }

    /// A `WebhookSink`.
    public func makeSink(name: String, template: MessageTemplate?, services: SinkServices) -> any Sink {
        WebhookSink(
            name: name,
            endpoint: endpoint,
            signer: signer,
            maxBodyBytes: maxBodyBytes,
            transport: services.transport
        )
    }
}
