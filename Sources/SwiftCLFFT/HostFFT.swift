#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import SwiftCL

/// FFTW, loaded at run time, that the transforms use on devices computing in host memory (issue 44): there clFFT's
/// generated kernels trail a host FFT, clFFT's kernels take only lengths whose prime factors are 2, 3, 5, 7, 11 and
/// 13 (others cost two padded transforms each through Bluestein's algorithm), and its first transform of a shape generates and compiles kernels. FFTW takes every length and runs as a command of the
/// queue (`ComputeEncoder.hostCommand(using:label:_:)`) on the buffers in place.
///
/// Found by `dlopen` (nothing new is linked; a machine without it keeps clFFT): `libfftw3f_threads.so.3` /
/// `libfftw3_threads.so.3` (Debian's `libfftw3-single3` / `libfftw3-double3`), else the libraries without threads.
/// Plans are made once per precision, kind, shape, batch, direction and placement on scratch arrays, then run on the
/// buffers with FFTW's new-array functions (SIMD-aligned: buffers start at the device's base-address alignment). A
/// shape's first transform runs on a plan FFTW estimates in milliseconds; plans it measures (`FFTW_MEASURE`, at most
/// ``planningSeconds`` each) are made in the background and the fastest replaces it (`HostFFT+Planning.swift`).
/// What FFTW learns while measuring (its wisdom) is kept in `$XDG_CACHE_HOME/swiftcl/`, so a later process measures
/// the same shape in milliseconds.
final class HostFFT: @unchecked Sendable {
    typealias PlanComplex = @convention(c) (Int32, UnsafePointer<Int32>?, Int32, UnsafeMutableRawPointer?, UnsafePointer<Int32>?,
                                            Int32, Int32, UnsafeMutableRawPointer?, UnsafePointer<Int32>?, Int32, Int32, Int32,
                                            UInt32) -> OpaquePointer?
    typealias PlanReal = @convention(c) (Int32, UnsafePointer<Int32>?, Int32, UnsafeMutableRawPointer?, UnsafePointer<Int32>?,
                                         Int32, Int32, UnsafeMutableRawPointer?, UnsafePointer<Int32>?, Int32, Int32, UInt32) -> OpaquePointer?
    typealias Execute = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void

    /// Seconds FFTW may spend planning one transform (`fftw_set_timelimit`). A limit FFTW reaches makes it finish the
    /// plan by estimate: 2048² c2c with two threads planned in 2 s (or 3) ran 6× slower than the plan it completes in
    /// about 4 s (docs/measurements.md). Planning happens once per shape; the wisdom file keeps it for later processes.
    static let planningSeconds = 10.0

    let isDouble: Bool
    let path: String
    let threads: Int
    let planComplex: PlanComplex
    let planRealToComplex: PlanReal
    let planComplexToReal: PlanReal
    let destroyPlan: @convention(c) (OpaquePointer?) -> Void
    /// FFTW's threads for the plans made next (nil for the library without threads).
    let planWithThreads: (@convention(c) (Int32) -> Void)?
    private let executeComplex: Execute
    private let executeRealToComplex: Execute
    private let executeComplexToReal: Execute
    let allocate: @convention(c) (Int) -> UnsafeMutableRawPointer?
    let release: @convention(c) (UnsafeMutableRawPointer?) -> Void
    private let exportWisdom: @convention(c) () -> UnsafeMutablePointer<CChar>?
    private let importWisdom: @convention(c) (UnsafePointer<CChar>?) -> Int32

    struct PlanKey: Hashable, Sendable {
        let kind: FFTGeometry.Kind
        let shape: [Int]
        let batch: Int
        let forward: Bool
        let inPlace: Bool
    }

    /// Each shape's plan now, and whether the background has chosen it (short holds).
    let table = Locked<PlanTable>(PlanTable())
    /// FFTW's planner is not thread-safe: every planner, wisdom and plan-destroying call holds this lock (executing
    /// plans does not). Taken before `table` where both are held.
    let planner = Locked<Void>(())
    /// Where plans are measured and chosen, one shape at a time.
    let worker = DispatchQueue(label: "SwiftCLFFT.FFTW-planning", qos: .utility)

    static let single: HostFFT? = load(double: false)
    static let double: HostFFT? = load(double: true)

    /// The library for `T`'s precision, nil when none is installed.
    static func library<T: FFTScalar>(for _: T.Type) -> HostFFT? { T.isDoublePrecision ? double : single }

    private init?(handle: UnsafeMutableRawPointer, double: Bool, path: String, threaded: Bool) {
        let prefix = double ? "fftw_" : "fftwf_"
        func symbol<F>(_ name: String, _: F.Type) -> F? { dlsym(handle, prefix + name).map { unsafeBitCast($0, to: F.self) } }
        guard let planComplex = symbol("plan_many_dft", PlanComplex.self),
              let planRealToComplex = symbol("plan_many_dft_r2c", PlanReal.self),
              let planComplexToReal = symbol("plan_many_dft_c2r", PlanReal.self),
              let executeComplex = symbol("execute_dft", Execute.self),
              let executeRealToComplex = symbol("execute_dft_r2c", Execute.self),
              let executeComplexToReal = symbol("execute_dft_c2r", Execute.self),
              let allocate = symbol("malloc", (@convention(c) (Int) -> UnsafeMutableRawPointer?).self),
              let release = symbol("free", (@convention(c) (UnsafeMutableRawPointer?) -> Void).self),
              let exportWisdom = symbol("export_wisdom_to_string", (@convention(c) () -> UnsafeMutablePointer<CChar>?).self),
              let importWisdom = symbol("import_wisdom_from_string", (@convention(c) (UnsafePointer<CChar>?) -> Int32).self),
              let setTimeLimit = symbol("set_timelimit", (@convention(c) (Double) -> Void).self),
              let destroyPlan = symbol("destroy_plan", (@convention(c) (OpaquePointer?) -> Void).self)
        else { return nil }
        self.destroyPlan = destroyPlan
        (self.planComplex, self.planRealToComplex, self.planComplexToReal) = (planComplex, planRealToComplex, planComplexToReal)
        (self.executeComplex, self.executeRealToComplex, self.executeComplexToReal) = (executeComplex, executeRealToComplex, executeComplexToReal)
        (self.allocate, self.release, self.exportWisdom, self.importWisdom) = (allocate, release, exportWisdom, importWisdom)
        self.isDouble = double
        self.path = path
        var threads = 1
        var planWithThreads: (@convention(c) (Int32) -> Void)?
        if threaded, let initThreads = symbol("init_threads", (@convention(c) () -> Int32).self),
           let setThreads = symbol("plan_with_nthreads", (@convention(c) (Int32) -> Void).self), initThreads() != 0 {
            threads = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
            planWithThreads = setThreads
        }
        self.threads = threads
        self.planWithThreads = planWithThreads
        setTimeLimit(Self.planningSeconds)
        if let text = Self.readWisdom(double: double) { _ = text.withCString { importWisdom($0) } }
    }

    private static func load(double: Bool) -> HostFFT? {
        let base = double ? "libfftw3" : "libfftw3f"
        for (path, threaded) in [("\(base)_threads.so.3", true), ("\(base).so.3", false)] {
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else { continue }
            if let library = HostFFT(handle: handle, double: double, path: path, threaded: threaded) { return library }
            dlclose(handle)
        }
        return nil
    }

    /// Runs `plan`, made for `kind`, on new arrays (FFTW's new-array functions may run from any thread at once).
    func execute(_ plan: HostFFTPlan, _ kind: FFTGeometry.Kind, from input: UnsafeMutableRawPointer,
                 to output: UnsafeMutableRawPointer) {
        switch kind {
        case .complexToComplex: executeComplex(plan.pointer, input, output)
        case .realToComplex: executeRealToComplex(plan.pointer, input, output)
        case .complexToReal: executeComplexToReal(plan.pointer, input, output)
        }
    }

    /// Scratch for a complex-to-real transform (FFTW's overwrites its input; SwiftCLFFT's keeps it).
    func scratch(bytes: Int) -> UnsafeMutableRawPointer? { allocate(max(bytes, 16)) }
    func free(_ pointer: UnsafeMutableRawPointer?) { release(pointer) }

    /// `$XDG_CACHE_HOME/swiftcl/fftw-wisdom-10s-{single,double}` (else `~/.cache/swiftcl/…`).
    private static func wisdomPath(double: Bool) -> String? {
        // Named with the planning limit: wisdom planned under another limit (a shorter one cut plans short) is not reused.
        FileSystem.swiftCLCacheFolder.map { $0 + "/fftw-wisdom-\(Int(planningSeconds))s-" + (double ? "double" : "single") }
    }

    /// The wisdom kept by an earlier process: read through the non-blocking reader (a FIFO or device there is refused
    /// at once, a link is not followed), only from a private folder (the binary cache's rule); nil otherwise.
    private static func readWisdom(double: Bool) -> String? {
        guard let path = wisdomPath(double: double), FileSystem.problemWithPrivateFolder(FileSystem.folder(of: path)) == nil,
              case let .contents(bytes) = FileSystem.readRegularFile(path, maximumBytes: 16 << 20),
              let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return text
    }

    /// Replaces the wisdom file atomically (another process may read it meanwhile) through SwiftCL's one writer: only in
    /// a private folder, never through a link planted there. Call it holding `planner`.
    func saveWisdom() {
        guard let path = Self.wisdomPath(double: isDouble), FileSystem.problemWithPrivateFolder(FileSystem.folder(of: path)) == nil,
              let text = exportWisdom() else { return }
        defer { Glibc.free(text) }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text))
        try? FileSystem.replaceFile(path, with: bytes, origin: .swiftCL, mode: 0o600)
    }
}
