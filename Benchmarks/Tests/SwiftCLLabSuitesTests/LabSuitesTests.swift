import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLBenchmarkSuites
import Testing
@testable import SwiftCLLabSuites

/// The devices the lab's tests run on: every OpenCL device present (PoCL's CPU device at least, where CI runs).
enum LabDevices {
    static let all: [Device] = (try? Device.all) ?? []
}

@Suite("The lab's benchmark suites")
struct LabSuitesTests {
    @Test("an OpenCL device is present, so the suites below ran on it")
    func devicePresent() {
        #expect(!LabDevices.all.isEmpty, "no OpenCL device: install PoCL (scripts/install-opencl.sh)")
    }

    @Test("the arrays suite verifies every primitive (float4 a·x+y included) before timing and reports each against its bound",
          arguments: LabDevices.all)
    func arraysSuite(device: Device) throws {
        var suite = ArraysSuite()
        suite.count = 1 << 14
        suite.rounds = 1
        suite.sortCount = 1 << 12
        suite.sortRounds = 1
        let records = try suite.run(on: device)
        let names = Set(records.map(\.variant))
        for name in ["sum", "dot", "max", "argmax", "a*x+y", "a*x+y-float4", "elementwise-kernel-axpy", "inclusive-scan", "compaction-50%-into",
                     "radix-sort-uint32", "radix-sort-uint32-unpooled", "a*x+y-fresh-unpooled", "upload-from-host", "to-array", "to-array-into"] {
            #expect(names.contains(name), "\(name) in \(names.sorted())")
        }
        let float4 = try #require(records.first { $0.variant == "a*x+y-float4" })
        #expect(float4.verified && float4.median > 0 && float4.extra["percent_of_copy_bound"] != nil
                && (float4.extra["paired_percent_of_copy_bound"] ?? 0) > 0)
    }

    @Test("the axes suite checks every reduction along an axis against the host, then reports it against the read bound",
          arguments: LabDevices.all)
    func axesSuite(device: Device) throws {
        var suite = AxesSuite()
        suite.count = 1 << 14
        suite.rounds = 1
        let records = try suite.run(on: device)
        let cases = AxesSuite.cases(count: suite.count)
        #expect(records.count == cases.count + 1, "the bound and every case")
        for c in cases {
            let record = try #require(records.first { $0.variant == c.name }, "\(c.name)")
            #expect(record.verified && record.median > 0 && (record.extra["paired_percent_of_read_bound"] ?? 0) > 0 && record.extra["ms"] != nil)
        }
        #expect(cases.contains { $0.name == "argmax-128x128-axis1" } && cases.contains { $0.name == "sum-1x512x32-axis2" }
                && cases.contains { $0.name == "sum-4096x4-axis1-into" } && cases.contains { $0.name == "argmax-1024x16-axis1-into" })
    }

    @Test("the svm suite verifies the kernel's values, then reports the in-place SVM read beside a Swift array's", arguments: LabDevices.all)
    func svmSuite(device: Device) throws {
        var suite = SVMSuite()
        suite.count = 1 << 12
        suite.rounds = 2
        let records = try suite.run(on: device)
        if device.svmCapabilities.contains(.fineGrainBuffer) {
            #expect(records.map(\.variant) == ["swift-array-read", "fine-grain-svm-read", "fine-grain-device-array-read"])
            #expect(records.dropFirst().allSatisfy { $0.extra["percent_of_array_read"] != nil })
        } else {
            #expect(records.isEmpty)
        }
    }

    @Test("the recording suite checks every way's counts, then reports each beside plain C", arguments: LabDevices.all)
    func recordingSuite(device: Device) throws {
        var suite = RecordingSuite()
        suite.launches = 20
        suite.rounds = 2
        let records = try suite.run(on: device)
        let variants = Set(records.map(\.variant))
        #expect(variants.isSuperset(of: ["raw-c-one-by-one", "swiftcl-launches", "replay-one-by-one"]))
        #expect(variants.contains("replay-command-buffer") == (device.commandBufferCapabilities != nil))
        #expect(records.allSatisfy { $0.verified && $0.median > 0 && $0.extra["paired_ratio_to_raw_c"] != nil })
    }

    @Test("the launch and square-c suites verify SwiftCL and plain C before timing them (smoke run)", arguments: LabDevices.all)
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
        var square = SquareAgainstCSuite()
        square.square.count = 4099
        square.square.rounds = 2
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
    }

    @Test("the BLAS and FFT suites verify CLBlast, the tiled kernel, clFFT and (on a CPU device) the host engines before timing them (smoke run)",
          arguments: LabDevices.all)
    func librarySuitesSmoke(device: Device) throws {
        // On PoCL the host engines (OpenBLAS, FFTW) must be there: CI installs them, and their absence fails here.
        let host = device.runsHostLibraries
        var blas = BLASSuite()
        blas.sizes = [1, 40]  // 40: not a multiple of the tiled kernel's 16
        blas.doubleSizes = [33]
        blas.gemvSize = 37
        blas.dotCount = 1001
        blas.rounds = 1
        let blasRecords = try blas.run(on: device)
        let single = ["clblast-sgemm", "swiftcl-tiled-gemm", "clblast-from-c"] + (host ? ["host-sgemm"] : [])
        let double = device.supportsDoublePrecision ? ["clblast-dgemm"] + (host ? ["host-dgemm"] : []) : []
        let blasEngines = host ? ["clblast", "host"] : ["clblast"]
        #expect(blasRecords.map(\.variant) == single + single + double + blasEngines.map { "\($0)-sgemv" } + blasEngines.map { "\($0)-sdot" })
        #expect(blasRecords.map(\.metric) == Array(repeating: "sgemm_1", count: single.count) + Array(repeating: "sgemm_40", count: single.count)
                + Array(repeating: "dgemm_33", count: double.count) + Array(repeating: "sgemv_37", count: blasEngines.count)
                + Array(repeating: "sdot_1001", count: blasEngines.count))
        // CLBlast called from C on the same queue and buffers is verified like the others and compared with SwiftCLBLAS.
        #expect(blasRecords.filter { $0.variant == "clblast-from-c" }.allSatisfy { ($0.extra["ratio_to_clblast-sgemm"] ?? 0) > 0 })
        #expect(blasRecords.allSatisfy { $0.verified && $0.unit == "GFLOP/s" && $0.median > 0 })
        #expect(blasRecords.filter { $0.variant == "swiftcl-tiled-gemm" }.allSatisfy { ($0.extra["ratio_to_clblast-sgemm"] ?? 0) > 0 })
        var fft = FFTSuite()
        fft.length1D = 3 * 1024
        fft.side2D = 60
        fft.realLength = 1000
        fft.primeLength = 1009
        fft.convolutionLengths = [(2, 2), (777, 91)]
        fft.rounds = 1
        let fftRecords = try fft.run(on: device)
        let engines = host ? ["clfft", "fftw"] : ["clfft"]
        #expect(fftRecords.map(\.metric) == ["c2c_3072", "c2c_60x60", "c2c_1009", "r2c_1000"].flatMap { Array(repeating: $0, count: engines.count) }
                + ["convolve_2x2", "convolve_777x91"])
        #expect(fftRecords.map(\.variant) == ["c2c", "c2c", "c2c", "r2c"].flatMap { kind in engines.map { "\($0)-\(kind)-float" } }
                + Array(repeating: "\(host ? "fftw" : "clfft")-convolve-float", count: 2))
        #expect(fftRecords.allSatisfy { $0.verified && $0.unit == "GFLOP/s" && $0.median > 0 })
    }

    @Test("swiftcl-lab runs the shipped suites by name and refuses an unknown one with the whole list")
    func registry() throws {
        let device = try #require(LabDevices.all.first)
        var options = BenchmarkSuites.Options()
        options.quick = true
        let report = try LabSuites.run(["copy"], on: device, options: options)
        #expect(report.suites.map(\.name) == ["copy"] && report.results.allSatisfy(\.verified))
        #expect(throws: BenchmarkSuiteError.unknownSuite(name: "nope", available: LabSuites.names + LabSuites.optionalNames, inLab: false)) {
            _ = try LabSuites.run(["nope"], on: device)
        }
    }
}
