import Mustache

/// A Mustache template that renders a notification's text; its first line is the title for sinks that have
/// one (ntfy, Teams, stdout's highlighted line).
///
/// The template is compiled once per dialect, so `{{values}}` are escaped the way each sink's service needs;
/// a syntax error names the template file, line and column.
public struct MessageTemplate: Sendable {
    /// The template's name: its file path as written in the config, or `default`.
    public let name: String
    private let compiled: [TemplateDialect: MustacheTemplate]

    /// Compiles a template.
    ///
    /// - parameter name: The file name used in error messages and to refer to the template.
    /// - parameter source: The Mustache text.
    /// - throws: `ConfigError` with the template's `file:line:column`.
    public init(name: String, source: String) throws(ConfigError) {
        TemplateDialect.registerContentTypes()
        self.name = name
        var compiled: [TemplateDialect: MustacheTemplate] = [:]
        for dialect in TemplateDialect.allCases {
            // The pragma stands on a line of its own (so it renders as nothing); error lines are shifted back.
            let pragma = "{{% CONTENT_TYPE: \(dialect.contentTypeName)}}\n"
            do {
                compiled[dialect] = try MustacheTemplate(string: pragma + source)
            } catch let error as MustacheTemplate.ParserError {
                throw ConfigError([
                    ConfigDiagnostic(
                        file: name,
                        line: max(1, error.context.lineNumber - 1),
                        column: error.context.columnNumber,
                        message: "template error: \(Self.describe(error.error))"
                    )
                ])
            } catch {
                throw ConfigError([
                    ConfigDiagnostic(file: name, line: 1, column: 1, message: "template error: \(error)")
                ])
            }
        }
        self.compiled = compiled
    }

    /// Renders the text for one event, or a digest of several, escaping values for `dialect`.
    public func render(_ events: [WatchEvent], dialect: TemplateDialect) -> String {
        let values = TemplateContext(events: events, dialect: dialect).values()
        return compiled[dialect]!.render(values)
    }

    /// The built-in template for a dialect (one per sink family, with a section per event type).
    public static func builtIn(_ dialect: TemplateDialect) -> MessageTemplate {
        // The built-in sources are tested to compile; a failure here is a programming error.
        // swiftlint:disable:next force_try
        try! MessageTemplate(name: "default", source: DefaultTemplates.source(for: dialect))
    }

    private static func describe(_ error: Error) -> String {
        switch error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect: "a section is closed with a different name than it was opened with"
        case .unfinishedName: "unfinished tag"
        case .expectedSectionEnd: "a section is never closed"
        case .invalidSetDelimiter: "invalid set-delimiter tag"
        case .transformAppliedToInheritanceSection, .illegalTokenInsideInheritSection, .textInsideInheritSection:
            "invalid inheritance section"
        case .invalidConfigVariableSyntax, .unrecognisedConfigVariable: "invalid {{% pragma}}"
        case nil: "unexpected end of template"
        }
    }
}
