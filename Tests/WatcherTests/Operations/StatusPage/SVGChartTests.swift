import Testing

@testable import Watcher

@Suite("SVGChart: charts drawn by the server")
struct SVGChartTests {
    @Test func testRender_oneBarPerValue_scaledToTheMaximum() {
        // Given three hours with 0, 5 and 10 events
        let chart = SVGChart(values: [0, 5, 10], title: "Events <per> hour", startLabel: "3 h ago", endLabel: "now")

        // When drawn
        let svg = chart.render()

        // Then there is one bar per value, the tallest spans the plot (120 units), the title is escaped
        #expect(svg.components(separatedBy: "<rect ").count - 1 == 3)
        #expect(svg.contains("height=\"0.0\" fill=\"#3e7cb1\"><title>0</title>"))
        #expect(svg.contains("height=\"60.0\" fill=\"#3e7cb1\"><title>5</title>"))
        #expect(svg.contains("height=\"120.0\" fill=\"#3e7cb1\"><title>10</title>"))
        #expect(svg.contains("aria-label=\"Events &lt;per&gt; hour\""))
        #expect(!svg.contains("style="))
    }

    @Test func testRender_allZero_drawsFlatBarsWithoutDividingByZero() {
        let svg = SVGChart(values: [0, 0], title: "t", startLabel: "a", endLabel: "b").render()
        #expect(svg.components(separatedBy: "height=\"0.0\"").count - 1 == 2)
    }
}

@Suite("SVGChart: lines")
struct SVGChartLineTests {
    @Test func testRender_line_onePointPerValue() {
        // Given three minutes with 2, 0 and 4 requests, as a line 720 wide (plot from x=36)
        let svg = SVGChart(values: [2, 0, 4], title: "t", startLabel: "a", endLabel: "b", style: .line).render()

        // Then one polyline passes through each, scaled to the maximum
        #expect(svg.contains("<polyline points=\"36.0,78.0 378.0,138.0 720.0,18.0\""))
        #expect(!svg.contains("<rect"))
    }
}
