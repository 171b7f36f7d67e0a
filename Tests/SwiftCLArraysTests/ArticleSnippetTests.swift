import SwiftCL
import SwiftCLArrays
import Testing

/// The DocC article *Arrays*: its overview, run here as shown (the documentation test checks the article shows it).
@Suite("Arrays article snippets")
struct ArraysArticleSnippetTests {
    @Test("the overview runs and gives the host's answers")
    func overview() throws {
        let samples: [Float] = (0..<1000).map { Float(($0 * 7919) % 1000) / 1000 }
        let queue = try ComputeQueue(preferring: [.gpu, .cpu])
        let x = try DeviceArray(samples, on: queue)                // a copy of a [Float]
        let y = try DeviceArray<Float>.zeros(count: samples.count, on: queue)
        try y.assign(2 * x + y)                                    // one kernel, in place
        let total = try x.sum()                                    // Kahan-compensated, pairwise
        let hot = try (x .> 0.5).nonzeroCount()
        #expect(try y.toArray() == samples.map { 2 * $0 })
        #expect(abs(Double(total) - samples.reduce(0.0) { $0 + Double($1) }) <= 1e-3)
        #expect(hot == samples.filter { $0 > 0.5 }.count)
    }
}
