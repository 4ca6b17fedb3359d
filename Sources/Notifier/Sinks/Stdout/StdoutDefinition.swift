extension SinkKind {
    /// Standard output (text or JSON lines).
    public static let stdout = SinkKind(rawValue: "stdout")
}

/// `type: stdout` with `format: text|json`.
struct StdoutDefinition: SinkDefinition {
    let kind = SinkKind.stdout
    let keys = ["format"]
    let isHTTP = false

    func settings(from block: SinkBlock) -> (any SinkSettings)? {
        let map = block.map
        var format = StdoutSink.Format.text
        if let node = map.value("format"), let text = block.reader.string(node, what: map.describe("format")) {
            guard let parsed = StdoutSink.Format(rawValue: text) else {
                block.reader.error("\(map.describe("format")) must be \"text\" or \"json\"", at: node)
                return nil
            }
            format = parsed
        }
        return StdoutSettings(format: format)
    }
}

/// The settings of a stdout sink.
public struct StdoutSettings: SinkSettings {
    /// Text or JSON lines.
    public var format: StdoutSink.Format

    /// Creates settings.
    public init(format: StdoutSink.Format) {
        self.format = format
    }

    /// A `StdoutSink` on the services' output.
    public func makeSink(name: String, template: MessageTemplate?, services: SinkServices) -> any Sink {
        StdoutSink(name: name, format: format, template: template, output: services.output)
    }
}
