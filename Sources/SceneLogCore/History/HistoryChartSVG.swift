/// One small chart of the history page: one or two series of values over the runs, oldest first,
/// as lines with a dot per run, on the chart's own scale from 0.
///
/// With `clampsOutliers`, one slow night does not flatten the rest: when a value is more than
/// twice the 75th percentile (nearest rank) of the chart's values, the scale stops there and each
/// value above it is drawn as a ▲ on the top edge with the value written next to it.
struct HistoryChartSVG {
    /// A line of the chart.
    struct Series {
        var name: String
        /// One value per run; `nil` breaks the line.
        var values: [Double?]
        /// Its CSS class: its colour, and whether it is dashed.
        var style: String
    }

    let runs: [HistoryRun]
    let series: [Series]
    /// Written after each value: `""` or `" ms"`.
    var unit = ""
    var clampsOutliers = false

    private let width = 360.0
    private let height = 150.0
    private let left = 44.0
    private let right = 14.0
    private let top = 16.0
    private let bottom = 32.0

    /// The chart as inline SVG, scaled to its container's width.
    func render() -> String {
        let scale = self.scale
        let plotWidth = width - left - right
        let step = runs.count > 1 ? plotWidth / Double(runs.count - 1) : 0
        func x(_ index: Int) -> Double { runs.count > 1 ? left + Double(index) * step : left + plotWidth / 2 }
        func y(_ value: Double) -> Double { top + (height - top - bottom) * (1 - min(value, scale.top) / scale.top) }
        var svg = "<svg class=\"chart\" viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"img\" aria-label=\""
            + Escaping.markupText(series.map(\.name).joined(separator: ", ")) + "\" xmlns=\"http://www.w3.org/2000/svg\">\n"
        svg += "<line class=\"axis\" x1=\"\(n(left))\" y1=\"\(n(y(0)))\" x2=\"\(n(width - right))\" y2=\"\(n(y(0)))\"/>"
            + "<line class=\"grid\" x1=\"\(n(left))\" y1=\"\(n(top))\" x2=\"\(n(width - right))\" y2=\"\(n(top))\"/>\n"
        svg += "<text class=\"y-label\" x=\"\(n(left - 6))\" y=\"\(n(top + 4))\">\(format(scale.top))\(scale.clamped ? "+" : "")</text>"
            + "<text class=\"y-label\" x=\"\(n(left - 6))\" y=\"\(n(y(0) + 4))\">0</text>\n"
        for index in labelledRuns() {
            let run = runs[index]
            svg += "<text class=\"x-label\" x=\"\(n(x(index)))\" y=\"\(n(height - 17))\">\(Escaping.markupLine(String(run.day.dropFirst(5))))</text>"
                + "<text class=\"x-label commit\" x=\"\(n(x(index)))\" y=\"\(n(height - 5))\">\(Escaping.markupLine(run.shortCommit))</text>\n"
        }
        // How many values above the scale each run has written so far: their labels stack.
        var outliers: [Int: Int] = [:]
        for entry in series {
            var points: [String] = []
            func flush() {
                if points.count > 1 { svg += "<polyline class=\"line \(entry.style)\" points=\"\(points.joined(separator: " "))\"/>\n" }
                points = []
            }
            for (index, value) in entry.values.enumerated() {
                guard let value else {
                    flush()
                    continue
                }
                points.append("\(n(x(index))),\(n(y(value)))")
                let title = "<title>\(Escaping.markupLine("\(entry.name), \(runs[index].label): \(format(value))\(unit)"))</title>"
                if value > scale.top {
                    let stacked = Double(outliers[index, default: 0])
                    outliers[index, default: 0] += 1
                    svg += "<path class=\"outlier \(entry.style)\" d=\"M\(n(x(index))) \(n(top - 6))l5 9h-10z\">\(title)</path>"
                        + "<text class=\"outlier-label\" x=\"\(n(x(index) + (index == runs.count - 1 ? -7 : 7)))\" y=\"\(n(top + 12 + 11 * stacked))\""
                        + "\(index == runs.count - 1 ? " text-anchor=\"end\"" : "")>\(format(value))\(unit)</text>\n"
                } else {
                    svg += "<circle class=\"dot \(entry.style)\" cx=\"\(n(x(index)))\" cy=\"\(n(y(value)))\" r=\"3\">\(title)</circle>\n"
                }
            }
            flush()
        }
        return svg + "</svg>\n"
    }

    /// The top of the scale, and whether values above it are clamped.
    private var scale: (top: Double, clamped: Bool) {
        let values = series.flatMap { $0.values.compactMap(\.self) }.sorted()
        let largest = max(values.last ?? 1, 1)
        guard clampsOutliers, values.count >= 4 else { return (largest, false) }
        let ceiling = 2 * values[(75 * values.count + 99) / 100 - 1]
        return largest > ceiling && ceiling > 0 ? (ceiling, true) : (largest, false)
    }

    /// The runs whose date and commit are written under the axis: at most six, first and last among them.
    private func labelledRuns() -> [Int] {
        guard runs.count > 6 else { return Array(runs.indices) }
        return (0..<6).map { $0 * (runs.count - 1) / 5 }
    }

    private func format(_ value: Double) -> String {
        HTMLText.grouped(Int(value.rounded()))
    }

    private func n(_ value: Double) -> String { HTMLText.coordinate(value) }
}
