import Foundation
import SwiftCLValidation

extension KernelTuner.Result {
    /// A Markdown report: `facts` (kernel, size, device, strategy…) as a list, the re-timed leaders, then every
    /// outcome.
    public func markdown(title: String, facts: [(String, String)]) -> String {
        var text = "# \(title)\n\n"
        for (key, value) in facts { text += "- **\(key)**: \(value)\n" }
        text += "- **evaluated**: \(trace.count) configurations (\(evaluated) on the device now)\n"
        if let retiming {
            text += "\n## Leaders re-timed interleaved (\(retiming.rounds) rounds, beside a copy of the declared bytes)\n\n"
            text += TextTable.markdown(retiming.rows)
        }
        text += "\n## Every configuration evaluated, fastest first\n\n" + TextTable.markdown(KernelTuner.Outcome.rows(outcomes))
        return text
    }

    /// An SVG chart of the search: each evaluation's median time in the order evaluated (failed and wrong
    /// configurations left out), and the best so far.
    public func svg(title: String, subtitle: String) -> String {
        Chart.trace(title: title, subtitle: subtitle, yLabel: "device µs per run (median)",
                    times: trace.map { $0.deviceSeconds.map { $0.median * 1e6 } })
    }
}

extension Chart {
    /// Points in evaluation order (x = 1…n, linear; nil values left out) and their running minimum as a step line.
    public static func trace(title: String, subtitle: String, yLabel: String, times: [Double?]) -> String {
        let left = 80.0, top = 78.0, plotWidth = 700.0, plotHeight = 360.0
        let width = left + plotWidth + 180, height = top + plotHeight + 70
        let largest = Swift.max(times.compactMap { $0 }.max() ?? 1, 1e-9) * 1.1
        let count = Swift.max(times.count, 2)
        func px(_ evaluation: Int) -> Double { left + Double(evaluation - 1) / Double(count - 1) * plotWidth }
        func py(_ value: Double) -> Double { top + plotHeight - value / largest * plotHeight }
        var svg = header(width: width, height: height, title: title, subtitle: subtitle)
        svg += axes(left: left, top: top, plotWidth: plotWidth, plotHeight: plotHeight, largest: largest, xLabel: "evaluation", yLabel: yLabel)
        let step = Swift.max(1, count / 10)
        for evaluation in stride(from: 1, through: times.count, by: step) {
            svg += text(px(evaluation), top + plotHeight + 16, "\(evaluation)", anchor: "middle", size: 10)
        }
        var best = Double.infinity
        var steps: [String] = []
        for (index, time) in times.enumerated() {
            guard let time else { continue }
            svg += "<circle cx=\"\(px(index + 1))\" cy=\"\(py(time))\" r=\"3\" fill=\"#4a7ebb\"/>\n"
            if time < best {
                if best.isFinite { steps.append("\(px(index + 1)),\(py(best))") }
                best = time
                steps.append("\(px(index + 1)),\(py(best))")
            }
        }
        if best.isFinite, let last = times.indices.last { steps.append("\(px(last + 1)),\(py(best))") }
        svg += "<polyline points=\"\(steps.joined(separator: " "))\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"2\"/>\n"
        for (index, (name, colour)) in [("each evaluation", "#4a7ebb"), ("best so far", "#c0392b")].enumerated() {
            svg += legendEntry(name, colour: colour, index: index, x: left + plotWidth + 20, top: top)
        }
        return svg + "</svg>\n"
    }
}
