import Foundation

/// A chart drawn by the server as inline SVG: no script, no external file, nothing a strict
/// `Content-Security-Policy` blocks (colours are presentation attributes, not `style`). Bars for a few values
/// (events per hour), a line for many (requests per minute).
struct SVGChart: Sendable {
    /// How values are drawn.
    enum Style: Sendable {
        /// One bar per value, with the value as its tooltip.
        case bars
        /// One polyline through every value.
        case line
    }

    /// The values, oldest first.
    var values: [Int]
    /// Accessible name, like "Events per hour, last 24 hours".
    var title: String
    /// The label under the first value, like "24 h ago".
    var startLabel: String
    /// The label under the last value, like "now".
    var endLabel: String
    /// Bars or a line.
    var style = Style.bars
    /// Width in user units (the SVG scales to its container).
    var width = 720
    /// Height in user units.
    var height = 160

    private static let top = 18, bottom = 22, left = 36

    /// The `<svg>` element.
    func render() -> String {
        let plotHeight = height - Self.top - Self.bottom
        let maximum = max(values.max() ?? 0, 1)
        let baseline = Self.top + plotHeight
        var svg = """
            <svg class="chart" viewBox="0 0 \(width) \(height)" role="img" aria-label="\(HTML.escape(title))" \
            xmlns="http://www.w3.org/2000/svg"><title>\(HTML.escape(title))</title>
            <line x1="\(Self.left)" y1="\(baseline)" x2="\(width)" y2="\(baseline)" stroke="#9aa5b1"/>
            <text x="\(Self.left - 4)" y="\(Self.top + 4)" text-anchor="end" font-size="11" fill="#52606d">\(maximum)</text>
            <text x="\(Self.left - 4)" y="\(baseline)" text-anchor="end" font-size="11" fill="#52606d">0</text>

            """
        func y(_ value: Int) -> Double { Double(baseline) - Double(plotHeight) * Double(value) / Double(maximum) }
        switch style {
        case .bars:
            let slot = values.isEmpty ? 0 : Double(width - Self.left) / Double(values.count)
            for (index, value) in values.enumerated() {
                let x = Double(Self.left) + Double(index) * slot + slot * 0.1
                svg += String(
                    format: "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#3e7cb1\">"
                        + "<title>%ld</title></rect>\n",
                    x, y(value), slot * 0.8, Double(baseline) - y(value), value
                )
            }
        case .line:
            let step = values.count > 1 ? Double(width - Self.left) / Double(values.count - 1) : 0
            let points = values.enumerated().map { index, value in
                String(format: "%.1f,%.1f", Double(Self.left) + Double(index) * step, y(value))
            }
            svg += "<polyline points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"#3e7cb1\" "
                + "stroke-width=\"1.5\"/>\n"
        }
        svg += """
            <text x="\(Self.left)" y="\(height - 6)" font-size="11" fill="#52606d">\(HTML.escape(startLabel))</text>
            <text x="\(width)" y="\(height - 6)" text-anchor="end" font-size="11" fill="#52606d">\
            \(HTML.escape(endLabel))</text>
            </svg>
            """
        return svg
    }
}
