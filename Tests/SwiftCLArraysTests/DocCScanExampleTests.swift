import Foundation
import SwiftCL
import SwiftCLTestSupport
import SwiftCLArrays
import Testing

/// The DocC "Arrays" article's worked example (random numbers, a compaction and a histogram), compiled and run here;
/// the test checks the article shows exactly this text.
func monteCarloExample() throws -> (pi: Double, inside: Int, histogram: [UInt32]) {
    // DOCC-SCANS-BEGIN
    let queue = try ComputeQueue(preferring: [.gpu, .cpu])
    let count = 1 << 20
    var generator = Philox(seed: 2026)                       // each draw moves it on: x and y are independent
    let x: DeviceArray<Float> = try generator.uniform(shape: [count], on: queue)
    let y: DeviceArray<Float> = try generator.uniform(shape: [count], on: queue)

    // π/4 of the points fall inside the quarter circle.
    let inside = try (x * x + y * y .<= 1).evaluated()          // a UInt8 mask, one fused kernel
    let hits = try x.compacted(where: inside).count             // a scan places the kept x values
    let pi = 4 * Double(hits) / Double(count)

    // Ten bins of the x coordinates, counted on the device.
    let bins = try (x * 10).converted(to: Int32.self).evaluated().histogram(bins: 10)
    // DOCC-SCANS-END
    return (pi, hits, try bins.toArray())
}

@Suite("DocC: the scans example")
struct DocCScanExampleTests {
    @Test("the Monte-Carlo example runs, estimates π, and is in the Arrays article verbatim")
    func example() throws {
        let (pi, inside, histogram) = try monteCarloExample()
        // 2^20 points: the standard error of the estimate is about 0.0016.
        #expect(abs(pi - Double.pi) < 0.01, "π ≈ \(pi)")
        #expect(inside > 0 && histogram.count == 10 && histogram.reduce(0, +) == 1 << 20)
        #expect(histogram.allSatisfy { abs(Double($0) - 104_857.6) < 2_000 }, "\(histogram)")
        #expect(try documentShowsExample("Sources/SwiftCLArrays/SwiftCLArrays.docc/Arrays.md", marker: "DOCC-SCANS"), "Arrays.md must contain the example verbatim")
    }
}
