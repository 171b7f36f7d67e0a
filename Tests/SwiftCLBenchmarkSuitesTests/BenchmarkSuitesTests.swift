import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLKernels
import SwiftCLTestSupport
import SwiftCLValidation
import Testing
@testable import SwiftCLBenchmarkSuites

@Suite("Shipped benchmark suites")
struct BenchmarkSuitesTests {
    @Test("the arrays suite verifies every primitive (float4 a·x+y included) before timing and reports each against its bound",
          arguments: TestDevices.all)
    func arraysSuite(device: Device) throws {
        var suite = ArraysSuite()
        suite.count = 1 << 14
        suite.rounds = 1
        suite.sortCount = 1 << 12
        suite.sortRounds = 1
        let records = try suite.run(on: device)
        let names = Set(records.map(\.variant))
        for name in ["sum", "dot", "max", "a*x+y", "a*x+y-float4", "elementwise-kernel-axpy", "inclusive-scan", "radix-sort-uint32"] {
            #expect(names.contains(name), "\(name) in \(names.sorted())")
        }
        let float4 = try #require(records.first { $0.variant == "a*x+y-float4" })
        #expect(float4.verified && float4.median > 0 && float4.extra["percent_of_copy_bound"] != nil)
    }

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

    @Test("the launch and square suites verify both paths before timing them (smoke run)", arguments: TestDevices.all)
    func suitesSmoke(device: Device) throws {
        var launch = LaunchSuite()
        launch.rounds = 2
        launch.batchSize = 10
        launch.waitSamples = 4
        let launchRecords = try launch.run(on: device)
        #expect(launchRecords.map(\.variant) == ["swiftcl", "raw-c", "swiftcl", "raw-c", "swiftcl-plain", "raw-c-on-swiftcl-objects",
                                                 "raw-c-on-swiftcl-kernel", "swiftcl"])
        #expect(launchRecords.map(\.metric) == ["batched_launch", "batched_launch", "enqueue_wait", "enqueue_wait", "batched_launch",
                                                "batched_launch", "batched_launch", "empty_sync"])
        // The raw C loop on SwiftCL's own objects reports its difference from raw C.
        #expect(launchRecords.filter { $0.variant.hasPrefix("raw-c-on-") }.allSatisfy { $0.extra["ratio_to_raw_c"] != nil })
        #expect(launchRecords.allSatisfy { $0.verified && $0.unit == "us" && $0.median > 0 })
        // The three ratios a baseline watches, and the context switches per round trip of both paths (each wait
        // sleeps on PoCL's completion: never zero over four samples; NVIDIA's driver spins, so there it may be zero).
        #expect(launchRecords.filter { $0.variant != "raw-c" && $0.metric != "empty_sync" }.allSatisfy { ($0.extra["ratio_to_raw_c"] ?? 0) > 0 })
        let waitSwitches = launchRecords.filter { $0.metric == "enqueue_wait" }.map { $0.extra["voluntary_context_switches"] ?? -1 }
        #expect(waitSwitches.count == 2 && waitSwitches.allSatisfy { device.platform.name == "Portable Computing Language" ? $0 > 0 : $0 >= 0 })
        // Paired figures (drift cancels): batched overhead in µs, and the round trip against raw C's own timer too.
        let swiftBatched = launchRecords.first { $0.variant == "swiftcl" && $0.metric == "batched_launch" }
        #expect(swiftBatched?.extra["paired_overhead_us"]?.isFinite == true)
        let swiftWait = launchRecords.first { $0.variant == "swiftcl" && $0.metric == "enqueue_wait" }
        #expect((swiftWait?.extra["paired_ratio_to_raw_c_timed_in_c"] ?? 0) > 0)
        #expect((launchRecords.first { $0.variant == "raw-c" && $0.metric == "enqueue_wait" }?.extra["median_timed_in_c_us"] ?? 0) > 0)
        var square = SquareSuite()
        square.count = 4099
        square.rounds = 2
        square.pairedRounds = 3
        square.pairedBlock = 2
        let squareRecords = try square.run(on: device)
        #expect(Set(squareRecords.map(\.variant)) == ["swiftcl", "raw-c", "host-swift", "host-swift-parallel"])
        #expect(squareRecords.allSatisfy { $0.verified })
        // SwiftCL's square against plain C's, interleaved round by round.
        let swiftSquare = squareRecords.first { $0.variant == "swiftcl" }
        #expect((swiftSquare?.extra["paired_ratio_min"] ?? 0) > 0)
        #expect((swiftSquare?.extra["paired_ratio_min"] ?? 0) <= (swiftSquare?.extra["paired_ratio_to_raw_c"] ?? 0))
        #expect((swiftSquare?.extra["paired_ratio_to_raw_c"] ?? 0) <= (swiftSquare?.extra["paired_ratio_max"] ?? 0))
        #expect((swiftSquare?.extra["paired_ratio_to_raw_c_on_swiftcl_objects"] ?? 0) > 0)
        var copy = CopySuite()
        copy.sizes = [1024, 4096]
        copy.samples = 2
        copy.sampleBudget = 0.001
        let copyRecords = try copy.run(on: device)
        #expect(copyRecords.count == 4 && copyRecords.allSatisfy { $0.verified && $0.unit == "GB/s" })
    }

    @Test("the BLAS and FFT suites verify CLBlast, the tiled kernel and clFFT before timing them (smoke run)",
          arguments: TestDevices.all)
    func librarySuitesSmoke(device: Device) throws {
        var blas = BLASSuite()
        blas.sizes = [1, 40]  // 40: not a multiple of the tiled kernel's 16
        blas.rounds = 1
        let blasRecords = try blas.run(on: device)
        #expect(blasRecords.map(\.variant) == ["clblast-sgemm", "swiftcl-tiled-gemm", "clblast-from-c",
                                               "clblast-sgemm", "swiftcl-tiled-gemm", "clblast-from-c"])
        #expect(blasRecords.map(\.metric) == ["sgemm_1", "sgemm_1", "sgemm_1", "sgemm_40", "sgemm_40", "sgemm_40"])
        // CLBlast called from C on the same queue and buffers is verified like the others and compared with SwiftCLBLAS.
        #expect(blasRecords.filter { $0.variant == "clblast-from-c" }.allSatisfy { ($0.extra["ratio_to_clblast-sgemm"] ?? 0) > 0 })
        #expect(blasRecords.allSatisfy { $0.verified && $0.unit == "GFLOP/s" && $0.median > 0 })
        #expect(blasRecords.filter { $0.variant == "swiftcl-tiled-gemm" }.allSatisfy { ($0.extra["ratio_to_clblast-sgemm"] ?? 0) > 0 })
        var fft = FFTSuite()
        fft.length1D = 3 * 1024
        fft.side2D = 60
        fft.rounds = 1
        let fftRecords = try fft.run(on: device)
        #expect(fftRecords.map(\.metric) == ["c2c_3072", "c2c_60x60"])
        #expect(fftRecords.allSatisfy { $0.verified && $0.unit == "GFLOP/s" && $0.median > 0 })
    }
}
