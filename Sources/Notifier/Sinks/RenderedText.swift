/// A rendered template split into the title (its first line) and the rest.
public struct RenderedText: Sendable {
    /// The whole text, leading blank lines and trailing blank space removed.
    public var full: String
    /// The first line.
    public var title: String
    /// Everything after the first line, leading blank lines removed.
    public var body: String

    /// Splits a rendered text.
    public init(_ text: String) {
        let trimmed = String(text.drop { $0.isNewline }.reversed().drop { $0.isWhitespace }.reversed())
        self.full = trimmed
        if let newline = trimmed.firstIndex(where: \.isNewline) {
            self.title = String(trimmed[..<newline])
            self.body = String(trimmed[newline...].drop { $0.isNewline })
        } else {
            self.title = trimmed
            self.body = ""
        }
    }

    /// Renders a batch with its template (the rule's override, else the sink's) for a dialect.
    static func render(
        _ batch: DeliveryBatch,
        sinkTemplate: MessageTemplate,
        dialect: TemplateDialect
    )
        -> RenderedText
    {
        RenderedText((batch.template ?? sinkTemplate).render(batch.events, dialect: dialect))
    }
}
