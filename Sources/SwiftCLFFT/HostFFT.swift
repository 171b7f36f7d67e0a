#if canImport(Glibc)
import Glibc
#endif
import SwiftCL

/// FFTW, loaded at run time, that the transforms use on devices computing in host memory (issue 44): there clFFT's
/// generated kernels trail a host FFT, clFFT's kernels take only lengths whose prime factors are 2, 3, 5, 7, 11 and
/// 13 (others cost two padded transforms each through Bluestein's algorithm), and its first transform of a shape generates and compiles kernels. FFTW takes every length and runs as a command of the
/// queue (`ComputeEncoder.hostCommand(using:label:_:)`) on the buffers in place.
///
/// Found by `dlopen` (nothing new is linked; a machine without it keeps clFFT): `libfftw3f_threads.so.3` /
/// `libfftw3_threads.so.3` (Debian's `libfftw3-single3` / `libfftw3-double3`), else the libraries without threads.
/// Plans are made once per precision, kind, shape, batch, direction and placement with `FFTW_MEASURE` (at most
/// ``planningSeconds`` each) on scratch arrays, then run on the buffers with FFTW's new-array functions (SIMD-aligned:
/// buffers start at the device's base-address alignment); what FFTW learns while planning (its wisdom) is kept in `$XDG_CACHE_HOME/swiftcl/` so a later
/// process plans the same shape in milliseconds.
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
    private let planComplex: PlanComplex
    private let planRealToComplex: PlanReal
    private let planComplexToReal: PlanReal
    let executeComplex: Execute
    let executeRealToComplex: Execute
    let executeComplexToReal: Execute
    private let allocate: @convention(c) (Int) -> UnsafeMutableRawPointer?
    private let release: @convention(c) (UnsafeMutableRawPointer?) -> Void
    private let exportWisdom: @convention(c) () -> UnsafeMutablePointer<CChar>?
    private let importWisdom: @convention(c) (UnsafePointer<CChar>?) -> Int32

    private struct PlanKey: Hashable {
        let kind: FFTGeometry.Kind
        let shape: [Int]
        let batch: Int
        let forward: Bool
        let inPlace: Bool
    }

    /// FFTW's planner is not thread-safe: every planner and wisdom call holds this lock (executing plans does not).
    private let plans = Locked<[PlanKey: HostFFTPlan]>([:])

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
              let setTimeLimit = symbol("set_timelimit", (@convention(c) (Double) -> Void).self)
        else { return nil }
        (self.planComplex, self.planRealToComplex, self.planComplexToReal) = (planComplex, planRealToComplex, planComplexToReal)
        (self.executeComplex, self.executeRealToComplex, self.executeComplexToReal) = (executeComplex, executeRealToComplex, executeComplexToReal)
        (self.allocate, self.release, self.exportWisdom, self.importWisdom) = (allocate, release, exportWisdom, importWisdom)
        self.isDouble = double
        self.path = path
        var threads = 1
        if threaded, let initThreads = symbol("init_threads", (@convention(c) () -> Int32).self),
           let planWithThreads = symbol("plan_with_nthreads", (@convention(c) (Int32) -> Void).self), initThreads() != 0 {
            threads = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
            planWithThreads(Int32(threads))
        }
        self.threads = threads
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

    /// The plan for `geometry` in `direction`, made (and its wisdom saved) on first use.
    /// - Throws: `FFTError.Code.invalidArgument` for sizes over FFTW's 32-bit integers, `FFTError.Code.library` when FFTW
    ///   makes no plan.
    func plan(_ geometry: FFTGeometry, forward: Bool, inPlace: Bool, routine: String) throws -> HostFFTPlan {
        let key = PlanKey(kind: geometry.kind, shape: geometry.shape, batch: geometry.batch, forward: forward, inPlace: inPlace)
        for value in geometry.shape + [geometry.batch, geometry.inputDistance, geometry.outputDistance] where value > Int(Int32.max) {
            throw FFTError(.invalidArgument, routine: routine, "\(value) is over FFTW's 32-bit sizes")
        }
        return try plans.withLock { plans in
            if let plan = plans[key] { return plan }
            let scalar = isDouble ? 8 : 4
            let inputBytes = geometry.inputDistance * geometry.batch * scalar * (geometry.kind == .realToComplex ? 1 : 2)
            let outputBytes = geometry.outputDistance * geometry.batch * scalar * (geometry.kind == .complexToReal ? 1 : 2)
            // FFTW_MEASURE writes the arrays while planning: it plans on scratch, the plan then runs on the buffers.
            guard let input = allocate(max(inputBytes, 16)) else { throw FFTError(.library, routine: routine, "fftw_malloc failed") }
            defer { release(input) }
            let output = inPlace ? input : allocate(max(outputBytes, 16))
            defer { if !inPlace { release(output) } }
            let lengths = geometry.shape.map(Int32.init)
            let (rank, batch) = (Int32(lengths.count), Int32(geometry.batch))
            let (inputDistance, outputDistance) = (Int32(geometry.inputDistance), Int32(geometry.outputDistance))
            let flags: UInt32 = 0 /* FFTW_MEASURE: SIMD-aligned arrays, see hostTransform */
            let plan: OpaquePointer? = lengths.withUnsafeBufferPointer { n in
                switch geometry.kind {
                case .complexToComplex:
                    planComplex(rank, n.baseAddress, batch, input, nil, 1, inputDistance, output, nil, 1, outputDistance,
                                forward ? -1 : 1, flags)
                case .realToComplex:
                    planRealToComplex(rank, n.baseAddress, batch, input, nil, 1, inputDistance, output, nil, 1, outputDistance, flags)
                case .complexToReal:
                    planComplexToReal(rank, n.baseAddress, batch, input, nil, 1, inputDistance, output, nil, 1, outputDistance, flags)
                }
            }
            guard let plan else {
                throw FFTError(.library, routine: routine, "FFTW made no plan for shape \(geometry.shape) × \(geometry.batch)")
            }
            plans[key] = HostFFTPlan(pointer: plan)
            saveWisdom()
            return HostFFTPlan(pointer: plan)
        }
    }

    /// Scratch for a complex-to-real transform (FFTW's overwrites its input; SwiftCLFFT's keeps it).
    func scratch(bytes: Int) -> UnsafeMutableRawPointer? { allocate(max(bytes, 16)) }
    func free(_ pointer: UnsafeMutableRawPointer?) { release(pointer) }

    /// `$XDG_CACHE_HOME/swiftcl/fftw-wisdom-10s-{single,double}` (else `~/.cache/swiftcl/…`).
    private static func wisdomPath(double: Bool) -> String? {
        let base: String
        if let cache = getenv("XDG_CACHE_HOME").map({ String(cString: $0) }), cache.hasPrefix("/") {
            base = cache
        } else if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
            base = home + "/.cache"
        } else {
            return nil
        }
        // Named with the planning limit: wisdom planned under another limit (a shorter one cut plans short) is not reused.
        return base + "/swiftcl/fftw-wisdom-\(Int(planningSeconds))s-" + (double ? "double" : "single")
    }

    private static func readWisdom(double: Bool) -> String? {
        guard let path = wisdomPath(double: double), let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes += chunk[0..<count]
            if bytes.count > 16 << 20 { return nil }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes the wisdom next to the file and renames it over (another process may read it meanwhile). Holds the lock.
    private func saveWisdom() {
        guard let path = Self.wisdomPath(double: isDouble), let text = exportWisdom() else { return }
        defer { Glibc.free(text) }
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        let parent = String(folder[..<(folder.lastIndex(of: "/") ?? folder.endIndex)])
        _ = mkdir(parent, 0o700)
        _ = mkdir(folder, 0o700)
        let temporary = path + ".\(getpid()).tmp"
        guard let file = fopen(temporary, "w") else { return }
        let length = strlen(text)
        let written = fwrite(text, 1, length, file)
        fclose(file)
        if written == length { rename(temporary, path) } else { unlink(temporary) }
    }
}

/// A plan carried into a host command: FFTW's plans may be executed from any thread on new arrays.
struct HostFFTPlan: @unchecked Sendable {
    let pointer: OpaquePointer
}
