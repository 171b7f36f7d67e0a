import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLKernels
import SwiftCLTestSupport
import SwiftCLValidation
import Testing
@testable import SwiftCLBenchmarkSuites

@Suite("Shipped benchmark suites")
struct BenchmarkSuitesTests {
    @Test("the box benchmark verifies before timing, reports unsupported sizes, host peers, the bounds and % of copy",
          arguments: TestDevices.all)
    func boxBenchmark(device: Device) throws {
        let queue = try makeQueue(device)
        let wrong = KernelBenchmark.Variant(name: "copy-pretending", traffic: BoxFilterBenchmarkVariants.pixelTraffic,
                                            body: BoxFilterBenchmarkVariants.copyBound.body)
        var benchmark = BoxFilterBenchmarkVariants.benchmark(
            name: "test", range: 2, tolerance: 1e-4,
            variants: [BoxFilterBenchmarkVariants.device(.naive, range: 2), BoxFilterBenchmarkVariants.device(.h4v4Float4, range: 2), wrong,
                       BoxFilterBenchmarkVariants.hostPeer(range: 2)])
        benchmark.otherBounds = [BoxFilterBenchmarkVariants.haloCopyBound(rows: 4, range: 2), BoxFilterBenchmarkVariants.readBound,
                                 BoxFilterBenchmarkVariants.writeBound]
        benchmark.settings.sampleBudget = 0.002
        benchmark.settings.samples = 2
        benchmark.settings.allocations = 2
        benchmark.settings.sweepBudget = 0.001
        let size = ProblemSize(width: 66, height: 10)
        let results = try benchmark.run(sizes: [size], on: queue)
        #expect(results.map(\.variant) == ["boxAvg1", "H4+V4_float4", "copy-pretending", "host-swift-parallel", "copy",
                                           "copy-halo (4 rows ± 2)", "read-only", "write-only"])
        let naive = results[0]
        #expect(naive.verified && naive.rate?.count == 4, "2 samples on each of 2 allocations")
        #expect((naive.outputs.first?.maxError ?? 1) <= 1e-4)
        let seconds = try #require(naive.deviceSeconds?.median)
        #expect(abs((naive.gbPerS ?? 0) - Double(8 * 66 * 10) / seconds / 1e9) <= 1e-9 * (naive.gbPerS ?? 1), "8 bytes per pixel")
        #expect((naive.percentOfBound ?? 0) > 0)
        #expect(!results[1].verified && results[1].note?.hasPrefix("unsupported: ") == true && results[1].rate == nil)
        #expect(!results[2].verified && results[2].outputs.first?.passed == false, "a copy is not a box filter")
        #expect(results[3].verified && results[3].device == "host" && results[3].deviceSeconds == nil && results[3].rate != nil)
        for bound in results[4...] { #expect(bound.isBound && !bound.verified && bound.gbPerS != nil, "\(bound.variant): \(bound.note ?? "")") }
        #expect(results[6].traffic == Traffic(bytesRead: 66 * 10 * 4, bytesWritten: 10 * 4), "read-only: every pixel, a sum per row")
        #expect(results[7].traffic == Traffic(bytesRead: 0, bytesWritten: 66 * 10 * 4))
        let record = BenchmarkRecord(naive, suite: "box", metric: "mpix_per_s", tolerance: 1e-4, boundRate: results[4].rate?.median)
        #expect(record.width == 66 && record.height == 10 && record.unit == "Mpix/s" && record.medianMpixPerS == naive.rate?.median)
        #expect(record.samples == 4 && record.verified && record.copyBoundMpixPerS == results[4].rate?.median)
    }

    @Test("the bound kernels do what they claim: the halo copy copies, read-only sums rows, write-only fills",
          arguments: TestDevices.all, [(1, 1), (37, 11), (64, 64), (129, 5)])
    func boundKernels(device: Device, size: (width: Int, height: Int)) throws {
        let queue = try makeQueue(device)
        let (w, h) = size
        let input = BoxSuite.image(w * h)
        let (halo, sums, fill) = try queue.sync { cl in
            let inBuffer = try Buffer(copying: input, context: cl.context)
            let haloOut = try Buffer<Float>(count: w * h, context: cl.context)
            let sumsOut = try Buffer<Float>(count: h, context: cl.context)
            let fillOut = try Buffer<Float>(count: w * h, context: cl.context)
            for stream: Int32 in [0, 1] {
                try CopyCL.CopyRowsHalo(context: cl.context)(cl, NDRange((h + 3) / 4), w: Int32(w), h: Int32(h), rows: 4, haloRows: 2,
                                                             weight: 0, in: inBuffer, out: haloOut, stream: stream)
            }
            try CopyCL.ReadRows(context: cl.context)(cl, NDRange(h), w: Int32(w), h: Int32(h), in: inBuffer, rowSums: sumsOut)
            try CopyCL.FillRows(context: cl.context)(cl, NDRange(h), w: Int32(w), h: Int32(h), value: 0.5, out: fillOut)
            return (try cl.read(haloOut), try cl.read(sumsOut), try cl.read(fillOut))
        }
        #expect(halo == input)
        for row in 0..<h {
            let expected = input[(row * w)..<((row + 1) * w)].reduce(0, +)
            #expect(abs(sums[row] - expected) <= 1e-5 * Float(w), "row \(row)")
        }
        #expect(fill.allSatisfy { $0 == 0.5 })
    }

    @Test("the box suite runs as kernel benchmarks: variants, bounds, the streaming copy and the size sweep (smoke run)")
    func boxSuiteSmoke() throws {
        let device = try #require(TestDevices.all.first)
        var suite = BoxSuite()
        suite.side = 64
        suite.sweepSides = [32, 64]
        suite.only = ["boxAvg1", "rows4", "host-swift-parallel"]
        suite.settings.samples = 2
        suite.settings.allocations = 1
        suite.settings.sampleBudget = 0.002
        suite.settings.sweepBudget = 0.001
        suite.sweepSettings.sampleBudget = 0.002
        suite.sweepSettings.samples = 2
        let (records, suites) = try suite.run(on: device, tuning: nil)
        let box = records.filter { $0.suite == "box" }
        #expect(box.map(\.variant) == ["boxAvg1", "rows4", "host-swift-parallel"])
        #expect(box.allSatisfy { $0.verified && $0.samples == 2 && ($0.percentOfCopyBound ?? 0) > 0 && $0.gbPerS != nil })
        let bounds = records.filter { $0.suite == "box-bounds" }.map(\.variant)
        #expect(bounds == ["copy", "copy-halo (4 rows ± 2)", "read-only", "write-only", "copy-streaming"])
        #expect(records.filter { $0.suite == "box-bounds" }.allSatisfy { $0.isBound == true && $0.samples > 0 })
        let streaming = records.filter { $0.suite == "box-vs-streaming-copy" }
        #expect(streaming.count == 1 && streaming[0].verified)
        let sizes = records.filter { $0.suite == "box-sizes" }
        #expect(Set(sizes.compactMap(\.width)) == [32, 64] && sizes.count == 2 * 3)
        #expect(sizes.filter { $0.width == 64 }.allSatisfy { $0.note?.contains("from the box suite") == true })
        #expect(suites.map(\.name) == ["box", "box-vs-streaming-copy", "box-sizes", "box-sizes"])
        #expect(suites.allSatisfy { ($0.copyBoundMpixPerS ?? 0) > 0 })
    }

    @Test("the square and copy suites verify every path before timing it (smoke run)", arguments: TestDevices.all)
    func squareAndCopySmoke(device: Device) throws {
        var square = SquareSuite()
        square.count = 4099
        square.rounds = 2
        let squareRecords = try square.run(on: device)
        #expect(Set(squareRecords.map(\.variant)) == ["swiftcl", "host-swift", "host-swift-parallel"])
        #expect(squareRecords.allSatisfy { $0.verified && $0.median > 0 })
        #expect(squareRecords.allSatisfy { ($0.percentOfCopyBound ?? 0) > 0 }, "each path against the copy bound of the same run")
        var copy = CopySuite()
        copy.sizes = [1024, 4096]
        copy.samples = 2
        copy.sampleBudget = 0.001
        let copyRecords = try copy.run(on: device)
        #expect(copyRecords.count == 4 && copyRecords.allSatisfy { $0.verified && $0.unit == "GB/s" })
    }

    @Test("a suite of the lab package is refused with where to find it; an unknown one with the list")
    func labSuitesNamed() throws {
        let device = try #require(TestDevices.all.first)
        for name in BenchmarkSuites.labNames {
            #expect(throws: BenchmarkSuiteError.unknownSuite(name: name, available: BenchmarkSuites.names + BenchmarkSuites.optionalNames,
                                                             inLab: true)) {
                _ = try BenchmarkSuites.run([name], on: device)
            }
        }
        let unknown = BenchmarkSuiteError.unknownSuite(name: "nope", available: BenchmarkSuites.names + BenchmarkSuites.optionalNames,
                                                       inLab: false)
        #expect(throws: unknown) { _ = try BenchmarkSuites.run(["nope"], on: device) }
        #expect(unknown.description == "no benchmark suite named nope; suites: box, square, copy, box-sizes")
    }

    @Test("box runs the family at one size; box-sizes adds the size sweep (quick runs)")
    func boxAndSizes() throws {
        let device = try #require(TestDevices.all.first)
        var options = BenchmarkSuites.Options()
        options.quick = true
        options.boxVariants = ["boxAvg1", "rows4"]
        let box = try BenchmarkSuites.run(["box"], on: device, options: options)
        #expect(!box.results.isEmpty && !box.suites.map(\.name).contains("box-sizes"))
        let sized = try BenchmarkSuites.run(["box-sizes"], on: device, options: options)
        #expect(sized.suites.map(\.name).contains("box-sizes") && sized.results.allSatisfy { $0.verified || $0.isBound == true })
        #expect(BenchmarkSuiteError.unknownSuite(name: "launch", available: [], inLab: true).description.contains("--package-path Benchmarks"))
    }
}
