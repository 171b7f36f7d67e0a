import Foundation
import SwiftCL
import SwiftCLArrays
import Testing

/// The README's arrays snippet, compiled and run here; the test checks the README shows exactly this text.
func readmeArrays() throws -> (total: Float, z: [Float], squares: Float) {
    // README-ARRAYS-BEGIN
    let queue = try ComputeQueue(preferring: [.gpu, .cpu])
    let x = try DeviceArray((0..<1_000).map { Float($0) }, on: queue)
    let y = try DeviceArray<Float>.filled(with: 1, shape: [1_000], on: queue)

    let total = try x.sum()                          // one line, like cl_array.sum(x)
    let z = try (2 * x + y).evaluated()              // one fused kernel, one allocation
    let sumOfSquares = try ReductionKernel<Float>(context: queue.context, neutral: "0", reduce: "a + b",
                                                  map: "x[i] * x[i]", arguments: "global const float *x")
    let squares = try sumOfSquares(count: x.count, on: queue, x)
    // README-ARRAYS-END
    return (total, try z.toArray(), squares)
}

@Suite("README: arrays")
struct ReadmeArraysTests {
    @Test("the arrays snippet runs, gives the documented results and is in the README verbatim")
    func snippet() throws {
        let (total, z, squares) = try readmeArrays()
        #expect(total == 499_500)
        #expect(z == (0..<1_000).map { 2 * Float($0) + 1 })
        // Σ i² for i < 1000 is 332,833,500; a Float result is within a few ulps of it (the host's serial Float loop is not).
        #expect(abs(Double(squares) - 332_833_500) <= 1e-6 * 332_833_500)
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = try String(contentsOf: here, encoding: .utf8).components(separatedBy: "\n")
        let begin = try #require(lines.firstIndex { $0.contains("// README-ARRAYS-" + "BEGIN") })
        let end = try #require(lines.firstIndex { $0.contains("// README-ARRAYS-" + "END") })
        let snippet = lines[(begin + 1)..<end].map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : $0 }.joined(separator: "\n")
        #expect(readme.contains(snippet), "README.md must contain the arrays snippet verbatim")
    }
}
