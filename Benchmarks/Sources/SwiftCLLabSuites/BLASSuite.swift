import Foundation
import RawCLBlast
import SwiftCL
import SwiftCLBenchmarkSuites
import SwiftCLBLAS
import SwiftCLBenchmarkHarness

/// SGEMM through CLBlast beside a SwiftCL-written tiled GEMM kernel on the same device and, on a CPU device with
/// OpenBLAS installed, SwiftCLBLAS's host engine (OpenBLAS as a command of the queue), square matrices of each of
/// `sizes`, GFLOP/s (2·n³ per product); DGEMM on both engines at `doubleSizes`. Every variant is checked before timing:
/// `checkedEntries` entries of C against a Double dot product on the host, each within n·ε·Σ|aᵢₖ·bₖⱼ|.
public struct BLASSuite: Sendable {
    public var sizes = [512, 1024, 2048]
    /// Rounds per size (each variant once per round); seven, so the paired ratio against CLBlast called from C
    /// settles within about a percent on a noisy 2-core machine.
    public var rounds = 7
    public var checkedEntries = 256
    /// DGEMM sizes (CLBlast's DGEMM on a CPU device is slow: 2048 would take most of the suite's time).
    public var doubleSizes = [512, 1024]
    /// The SGEMV's square matrix side and the SDOT's vector length (memory-bound routines: GFLOP/s by 2·n² and 2·n).
    public var gemvSize = 4096
    public var dotCount = 1 << 24

    public init() {}

    /// A 16×16-tiled GEMM in local memory, C = A·B, row-major n×n: the kernel a user writes before reaching for CLBlast.
    static let tiledSource = """
        #define TILE 16
        kernel void gemm_tiled(const int n, global const float *a, global const float *b, global float *c)
        {
            local float at[TILE][TILE], bt[TILE][TILE];
            const int row = get_global_id(1), col = get_global_id(0);
            const int lr = get_local_id(1), lc = get_local_id(0);
            float sum = 0.0f;
            for (int t = 0; t < n; t += TILE) {
                at[lr][lc] = (row < n && t + lc < n) ? a[row * n + t + lc] : 0.0f;
                bt[lr][lc] = (t + lr < n && col < n) ? b[(t + lr) * n + col] : 0.0f;
                barrier(CLK_LOCAL_MEM_FENCE);
                for (int k = 0; k < TILE; k++) sum += at[lr][k] * bt[k][lc];
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            if (row < n && col < n) c[row * n + col] = sum;
        }
        """

    /// CLBlast Xgemm parameters tuned per device (by name), from runs of CLBlast's `clblast_tuner_xgemm` (Debian's
    /// `clblast-utils`) at 1024³; `SWIFTCL_LAB_XGEMM_PARAMETERS` ("NAME=VALUE …") gives a set for any device.
    /// - H100 (driver 580.159.04, round 4 session 27): the best of 578 random configurations in 100 s, 23.4 TFLOP/s
    ///   in the tuner's own timing.
    static let tunedXgemm: [String: String] = [
        "NVIDIA H100 80GB HBM3": "GEMMK=0 MWG=64 NWG=64 KWG=32 MDIMC=16 NDIMC=16 MDIMA=16 NDIMB=16 KWI=2 VWM=4 VWN=4 STRM=0 STRN=0 SA=1 SB=1 KREG=1",
    ]

    static func tunedXgemmParameters(for device: Device) -> String? {
        if let given = ProcessInfo.processInfo.environment["SWIFTCL_LAB_XGEMM_PARAMETERS"] { return given }
        return tunedXgemm[device.name]
    }

    public func run(on device: Device, progress: (String) -> Void = { _ in }) throws -> [BenchmarkRecord] {
        let queue = try ComputeQueue(device: device)
        let tiled = try queue.context.program(source: Self.tiledSource, name: "gemm_tiled.cl").sharedKernel(named: "gemm_tiled")
        var records: [BenchmarkRecord] = []
        // CLBlast's parameters hold for the process, so its tuned SGEMM runs last, after CLBlast's own: each phase
        // beside the hand-written kernel, which CLBlast's parameters do not touch (tuned ÷ default = the ratio of
        // their ratios to it).
        let tuned = Self.tunedXgemmParameters(for: device)
        for phase in tuned == nil ? [false] : [false, true] {
            if phase, let tuned {
                if device.supportsDoublePrecision { records += try doublePrecision(on: queue, progress: progress) }
                try CLBlastTuning.override("Xgemm", for: Float.self, on: device, parameters: tuned)
            }
            for n in sizes {
                progress("blas: \(n)×\(n) matrices")
                let a = (0..<(n * n)).map { Float(($0 &* 7_919) % 2001) / 1000 - 1 }
                let b = (0..<(n * n)).map { Float(($0 &* 104_729) % 2001) / 1000 - 1 }
                let da = try Buffer(copying: a, context: queue.context), db = try Buffer(copying: b, context: queue.context)
                let dc = try Buffer<Float>(count: n * n, context: queue.context)
                let ma = try BLASMatrix(da, rows: n, columns: n), mb = try BLASMatrix(db, rows: n, columns: n)
                let mc = try BLASMatrix(dc, rows: n, columns: n)
                let range = try NDRange(covering: [n, n], local: [16, 16])
                let clblast = { try queue.sync { cl in _ = try cl.gemm(ma, times: mb, into: mc, engine: .clblast) } }
                let host = { try queue.sync { cl in _ = try cl.gemm(ma, times: mb, into: mc, engine: .hostBLAS) } }
                let handWritten = { try queue.sync { cl in try cl.launch(tiled, range, arguments: [Int32(n), da, db, dc]) } }
                // The same CLBlastSgemm called from C on the same queue and buffers: what SwiftCLBLAS adds per call.
                let fromC = {
                    try queue.sync { cl in
                        let status = try cl.withUnsafeQueueHandle(keepingAlive: [da, db, dc]) { q in
                            da.withUnsafeHandle { a in db.withUnsafeHandle { b in dc.withUnsafeHandle { c in
                                raw_clblast_sgemm(UnsafeMutableRawPointer(q), UnsafeMutableRawPointer(a), UnsafeMutableRawPointer(b),
                                                  UnsafeMutableRawPointer(c), n)
                            } } }
                        }
                        if status != 0 { throw BenchmarkSuiteError.rawSetupFailed("CLBlastSgemm from C returned \(status)") }
                    }
                }
                var variants = [("clblast-sgemm", clblast), ("swiftcl-tiled-gemm", handWritten), ("clblast-from-c", fromC)]
                if hasHostEngine(device) { variants.append(("host-sgemm", host)) }
                if phase { variants = [("clblast-sgemm-tuned", clblast), ("swiftcl-tiled-gemm-beside-tuned", handWritten)] }
                for (name, run) in variants {
                    try queue.sync { cl in try cl.fill(dc, with: .nan) }
                    try run()
                    try check(try queue.sync { cl in try cl.read(dc) }, a, b, n: n, variant: name)
                }
                records += try LibraryTiming.records(
                    suite: "blas", metric: "sgemm_\(n)",
                    variants: variants.map { LibraryVariant(name: $0.0, device: device.name, flops: 2 * pow3(n), run: $0.1) },
                    rounds: rounds, ratioTo: variants[0].0, progress: progress)
            }
        }
        if tuned == nil, device.supportsDoublePrecision {
            records += try doublePrecision(on: queue, progress: progress)
        }
        records += try vectorRoutines(on: queue, progress: progress)
        return records
    }

    /// SGEMV (`gemvSize`², y = A·x) and SDOT (`dotCount` elements) on CLBlast and, where it runs, the host engine,
    /// each checked first against Double sums on the host (every GEMV row, within n·ε·Σ|aᵢⱼ·xⱼ|; the dot likewise).
    private func vectorRoutines(on queue: ComputeQueue, progress: (String) -> Void) throws -> [BenchmarkRecord] {
        var engines = [("clblast", BLASEngine.clblast)]
        if hasHostEngine(queue.device) { engines.append(("host", .hostBLAS)) }
        let n = gemvSize, count = dotCount
        progress("blas: \(n)×\(n) GEMV, \(count)-element DOT")
        let a = (0..<(n * n)).map { Float(($0 &* 7_919) % 2001) / 1000 - 1 }
        let x = (0..<max(n, count)).map { Float(($0 &* 104_729) % 2001) / 1000 - 1 }
        let y = (0..<count).map { Float(($0 &* 7_919) % 2001) / 1000 - 1 }
        let da = try Buffer(copying: a, context: queue.context), dx = try Buffer(copying: x, context: queue.context)
        let dy = try Buffer(copying: y, context: queue.context), dout = try Buffer<Float>(count: n, context: queue.context)
        let matrix = try BLASMatrix(da, rows: n, columns: n)
        let (gemvX, gemvY) = (try BLASVector(dx, count: n), try BLASVector(dout))
        let (dotX, dotY, dotResult) = (try BLASVector(dx, count: count), try BLASVector(dy), try BLASVector(dout, count: 1))
        for (name, engine) in engines {
            try queue.sync { cl in try cl.fill(dout, with: .nan) }
            let product = try queue.sync { cl in
                _ = try cl.gemv(matrix, times: gemvX, into: gemvY, engine: engine)
                return try cl.read(dout)
            }
            for row in 0..<n {
                let (exact, magnitude) = Self.exactSum(n) { Double(a[row * n + $0]) * Double(x[$0]) }
                guard abs(Double(product[row]) - exact) <= Double(n) * Double(Float.ulpOfOne) * magnitude else {
                    throw BenchmarkSuiteError.verificationFailed(suite: "blas", detail: "\(name)-sgemv row \(row): \(product[row]), not \(exact)")
                }
            }
            let dot = try queue.sync { cl in
                _ = try cl.dot(dotX, dotY, into: dotResult, engine: engine)
                return try cl.read(dout)[0]
            }
            let (exact, magnitude) = Self.exactSum(count) { Double(x[$0]) * Double(y[$0]) }
            guard abs(Double(dot) - exact) <= Double(count) * Double(Float.ulpOfOne) * magnitude else {
                throw BenchmarkSuiteError.verificationFailed(suite: "blas", detail: "\(name)-sdot: \(dot), not \(exact)")
            }
        }
        let gemv = try LibraryTiming.records(
            suite: "blas", metric: "sgemv_\(n)",
            variants: engines.map { name, engine in
                LibraryVariant(name: "\(name)-sgemv", device: queue.device.name, flops: 2 * Double(n) * Double(n)) {
                    try queue.sync { cl in _ = try cl.gemv(matrix, times: gemvX, into: gemvY, engine: engine) }
                }
            },
            rounds: rounds, ratioTo: "clblast-sgemv", progress: progress)
        let dot = try LibraryTiming.records(
            suite: "blas", metric: "sdot_\(count)",
            variants: engines.map { name, engine in
                LibraryVariant(name: "\(name)-sdot", device: queue.device.name, flops: 2 * Double(count)) {
                    try queue.sync { cl in _ = try cl.dot(dotX, dotY, into: dotResult, engine: engine) }
                }
            },
            rounds: rounds, ratioTo: "clblast-sdot", progress: progress)
        return gemv + dot
    }

    /// Whether SwiftCLBLAS's host engine runs on `device` (a CPU device running host commands, OpenBLAS installed).
    private func hasHostEngine(_ device: Device) -> Bool {
        device.runsHostLibraries && BLASEngine.hostLibrary != nil
    }

    /// DGEMM on CLBlast and, where it runs, the host engine, checked like the SGEMMs.
    private func doublePrecision(on queue: ComputeQueue, progress: (String) -> Void) throws -> [BenchmarkRecord] {
        var records: [BenchmarkRecord] = []
        for n in doubleSizes {
            progress("blas: \(n)×\(n) double matrices")
            let a = (0..<(n * n)).map { Double(($0 &* 7_919) % 2001) / 1000 - 1 }
            let b = (0..<(n * n)).map { Double(($0 &* 104_729) % 2001) / 1000 - 1 }
            let da = try Buffer(copying: a, context: queue.context), db = try Buffer(copying: b, context: queue.context)
            let dc = try Buffer<Double>(count: n * n, context: queue.context)
            let ma = try BLASMatrix(da, rows: n, columns: n), mb = try BLASMatrix(db, rows: n, columns: n)
            let mc = try BLASMatrix(dc, rows: n, columns: n)
            var variants = [("clblast-dgemm", BLASEngine.clblast)]
            if hasHostEngine(queue.device) { variants.append(("host-dgemm", .hostBLAS)) }
            for (name, engine) in variants {
                try queue.sync { cl in try cl.fill(dc, with: .nan) }
                try queue.sync { cl in _ = try cl.gemm(ma, times: mb, into: mc, engine: engine) }
                try check(try queue.sync { cl in try cl.read(dc) }, a, b, n: n, variant: name)
            }
            records += try LibraryTiming.records(
                suite: "blas", metric: "dgemm_\(n)",
                variants: variants.map { name, engine in
                    LibraryVariant(name: name, device: queue.device.name, flops: 2 * pow3(n)) {
                        try queue.sync { cl in _ = try cl.gemm(ma, times: mb, into: mc, engine: engine) }
                    }
                },
                rounds: rounds, ratioTo: "clblast-dgemm", progress: progress)
        }
        return records
    }

    private func pow3(_ n: Int) -> Double { Double(n) * Double(n) * Double(n) }

    /// Spread-out entries of `c` against Double dot products of A's rows and B's columns.
    private func check<T: BinaryFloatingPoint>(_ c: [T], _ a: [T], _ b: [T], n: Int, variant: String) throws {
        let eps = Double(T.ulpOfOne)
        for sample in 0..<min(checkedEntries, n * n) {
            let index = (sample &* 2_654_435_761) % (n * n)
            let (i, j) = (index / n, index % n)
            let (sum, magnitude) = Self.exactSum(n) { Double(a[i * n + $0]) * Double(b[$0 * n + j]) }
            guard abs(Double(c[index]) - sum) <= Double(n) * eps * magnitude + 1e-30 else {
                throw BenchmarkSuiteError.verificationFailed(suite: "blas", detail: "\(variant) \(n)×\(n): C[\(i), \(j)] = \(c[index]), host \(sum)")
            }
        }
    }

    /// Σ term(k) for k in 0..<count in Double, and Σ |term(k)| (the scale of its rounding error).
    private static func exactSum(_ count: Int, _ term: (Int) -> Double) -> (sum: Double, magnitude: Double) {
        var sum = 0.0, magnitude = 0.0
        for k in 0..<count {
            let value = term(k)
            sum += value
            magnitude += abs(value)
        }
        return (sum, magnitude)
    }
}
