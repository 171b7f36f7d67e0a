import Foundation

/// SVG charts that read on their own: title, labelled axes, values on the bars.
public enum Chart {
    /// A bar per entry (median), a min–max whisker on each, and an optional vertical bound line.
    public struct Bar: Sendable {
        public let label: String, median: Double, min: Double, max: Double
        public init(label: String, median: Double, min: Double, max: Double) {
            self.label = label
            self.median = median
            self.min = min
            self.max = max
        }
    }

    /// Horizontal bars, one row per entry, with the bound drawn as a dashed line.
    public static func bars(title: String, subtitle: String, unit: String, bars: [Bar], bound: (label: String, value: Double)?) -> String {
        let rowHeight = 24.0, left = 230.0, right = 120.0, top = 78.0, plotWidth = 620.0
        let height = top + Double(bars.count) * rowHeight + 60
        let width = left + plotWidth + right
        let largest = Swift.max(bars.map(\.max).max() ?? 1, bound?.value ?? 0, 1e-9) * 1.08
        func x(_ value: Double) -> Double { left + value / largest * plotWidth }
        var svg = header(width: width, height: height, title: title, subtitle: subtitle)
        for tick in ticks(upTo: largest) {
            let position = x(tick)
            svg += line(position, top - 6, position, top + Double(bars.count) * rowHeight, stroke: "#ddd")
            svg += text(position, top + Double(bars.count) * rowHeight + 16, format(tick), anchor: "middle", size: 11)
        }
        svg += text(left + plotWidth / 2, top + Double(bars.count) * rowHeight + 36, unit, anchor: "middle", size: 12)
        for (index, bar) in bars.enumerated() {
            let y = top + Double(index) * rowHeight
            svg += text(left - 8, y + rowHeight * 0.65, bar.label, anchor: "end", size: 12)
            svg += "<rect x=\"\(left)\" y=\"\(y + 4)\" width=\"\(Swift.max(0, x(bar.median) - left))\" height=\"\(rowHeight - 8)\" fill=\"#4a7ebb\"/>\n"
            let middle = y + rowHeight / 2
            svg += line(x(bar.min), middle, x(bar.max), middle, stroke: "#222")
            svg += line(x(bar.min), middle - 5, x(bar.min), middle + 5, stroke: "#222")
            svg += line(x(bar.max), middle - 5, x(bar.max), middle + 5, stroke: "#222")
            svg += text(x(bar.max) + 6, y + rowHeight * 0.65, format(bar.median), anchor: "start", size: 11)
        }
        if let bound {
            let position = x(bound.value)
            svg += "<line x1=\"\(position)\" y1=\"\(top - 10)\" x2=\"\(position)\" y2=\"\(top + Double(bars.count) * rowHeight)\" stroke=\"#c0392b\" stroke-width=\"2\" stroke-dasharray=\"6,4\"/>\n"
            svg += text(position, top - 14, "\(bound.label) \(format(bound.value))", anchor: "middle", size: 11, fill: "#c0392b")
        }
        return svg + "</svg>\n"
    }

    /// One line per series over a logarithmic x axis (sizes), e.g. bandwidth against buffer size.
    public static func lines(title: String, subtitle: String, xLabel: String, yLabel: String,
                             series: [(name: String, points: [(x: Double, y: Double)])], xFormat: (Double) -> String) -> String {
        let left = 80.0, top = 78.0, plotWidth = 700.0, plotHeight = 360.0
        let width = left + plotWidth + 180, height = top + plotHeight + 70
        let xs = series.flatMap { $0.points.map(\.x) }.filter { $0 > 0 }
        let minX = log2(xs.min() ?? 1), maxX = Swift.max(log2(xs.max() ?? 2), minX + 1)
        let largest = Swift.max(series.flatMap { $0.points.map(\.y) }.max() ?? 1, 1e-9) * 1.1
        func px(_ value: Double) -> Double { left + (log2(value) - minX) / (maxX - minX) * plotWidth }
        func py(_ value: Double) -> Double { top + plotHeight - value / largest * plotHeight }
        var svg = header(width: width, height: height, title: title, subtitle: subtitle)
        svg += axes(left: left, top: top, plotWidth: plotWidth, plotHeight: plotHeight, largest: largest, xLabel: xLabel, yLabel: yLabel)
        for value in Set(xs).sorted() where Int(log2(value)) % 2 == 0 {
            svg += text(px(value), top + plotHeight + 16, xFormat(value), anchor: "middle", size: 10)
        }
        let colours = ["#4a7ebb", "#c0392b", "#27ae60", "#8e44ad"]
        for (index, entry) in series.enumerated() {
            let colour = colours[index % colours.count]
            let points = entry.points.filter { $0.x > 0 }.sorted { $0.x < $1.x }.map { "\(px($0.x)),\(py($0.y))" }.joined(separator: " ")
            svg += "<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\"/>\n"
            for point in entry.points where point.x > 0 {
                svg += "<circle cx=\"\(px(point.x))\" cy=\"\(py(point.y))\" r=\"3\" fill=\"\(colour)\"/>\n"
            }
            svg += legendEntry(entry.name, colour: colour, index: index, x: left + plotWidth + 20, top: top)
        }
        return svg + "</svg>\n"
    }

    /// The grid lines and y ticks from 0 to `largest`, both axes and their labels of a plot at (`left`, `top`).
    static func axes(left: Double, top: Double, plotWidth: Double, plotHeight: Double, largest: Double, xLabel: String,
                     yLabel: String) -> String {
        func py(_ value: Double) -> Double { top + plotHeight - value / largest * plotHeight }
        var svg = ""
        for tick in ticks(upTo: largest) {
            svg += line(left, py(tick), left + plotWidth, py(tick), stroke: "#ddd")
            svg += text(left - 6, py(tick) + 4, format(tick), anchor: "end", size: 11)
        }
        svg += line(left, top + plotHeight, left + plotWidth, top + plotHeight, stroke: "#222")
        svg += line(left, top, left, top + plotHeight, stroke: "#222")
        svg += text(left + plotWidth / 2, top + plotHeight + 40, xLabel, anchor: "middle", size: 12)
        svg += "<text x=\"18\" y=\"\(top + plotHeight / 2)\" font-size=\"12\" text-anchor=\"middle\" transform=\"rotate(-90 18 \(top + plotHeight / 2))\">\(escape(yLabel))</text>\n"
        return svg
    }

    /// The `index`-th legend line: a colour swatch at `x` and the name beside it.
    static func legendEntry(_ name: String, colour: String, index: Int, x: Double, top: Double) -> String {
        "<rect x=\"\(x)\" y=\"\(top + Double(index) * 20)\" width=\"14\" height=\"4\" fill=\"\(colour)\"/>\n"
            + text(x + 20, top + Double(index) * 20 + 6, name, anchor: "start", size: 12)
    }

    static func header(width: Double, height: Double, title: String, subtitle: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"sans-serif\">\n"
            + "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
            + text(20, 28, title, anchor: "start", size: 17)
            + text(20, 50, subtitle, anchor: "start", size: 12, fill: "#555")
    }

    static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String) -> String {
        "<line x1=\"\(x1)\" y1=\"\(y1)\" x2=\"\(x2)\" y2=\"\(y2)\" stroke=\"\(stroke)\" stroke-width=\"1\"/>\n"
    }

    static func text(_ x: Double, _ y: Double, _ content: String, anchor: String, size: Int, fill: String = "#222") -> String {
        "<text x=\"\(x)\" y=\"\(y)\" font-size=\"\(size)\" text-anchor=\"\(anchor)\" fill=\"\(fill)\">\(escape(content))</text>\n"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// About five round tick values from 0 to `limit`.
    static func ticks(upTo limit: Double) -> [Double] {
        guard limit > 0 else { return [0] }
        let rough = limit / 5
        let magnitude = pow(10, floor(log10(rough)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? rough
        return stride(from: 0, through: limit, by: step).map { $0 }
    }

    static func format(_ value: Double) -> String { BenchmarkReport.format(value) }
}
