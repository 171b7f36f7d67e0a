#if canImport(Glibc)
import Glibc
#endif
import SwiftCL

/// An optimised host BLAS (OpenBLAS), loaded at run time, that GEMM, GEMV, AXPY, SCAL, DOT and NRM2 use on devices
/// computing in host memory: there the kernels CLBlast generates reach 2–5 % of what OpenBLAS does on the same cores
/// for GEMM, 5–10 % for GEMV and 4–5 % for DOT (issue 44's measurements), while
/// OpenBLAS run as a command of the queue (`ComputeEncoder.hostCommand(using:label:_:)`) works on the
/// buffers in place, in order with the queue's other commands and events.
///
/// Found by `dlopen`, so SwiftCLBLAS links nothing new and a machine without it keeps the CLBlast route: the library
/// at `$SWIFTCL_HOST_BLAS` if set, else `libopenblas.so.0` (Debian's `libopenblas0-pthread`), `libopenblas.so`; a
/// library without OpenBLAS's `openblas_get_config` (a reference BLAS) is not used.
struct HostBLAS: @unchecked Sendable {
    typealias Sgemm = @convention(c) (Int32, Int32, Int32, Int32, Int32, Int32, Float, UnsafeRawPointer?, Int32,
                                      UnsafeRawPointer?, Int32, Float, UnsafeMutableRawPointer?, Int32) -> Void
    typealias Dgemm = @convention(c) (Int32, Int32, Int32, Int32, Int32, Int32, Double, UnsafeRawPointer?, Int32,
                                      UnsafeRawPointer?, Int32, Double, UnsafeMutableRawPointer?, Int32) -> Void
    /// (order, transpose, m, n, alpha, A, lda, x, incx, beta, y, incy)
    typealias Sgemv = @convention(c) (Int32, Int32, Int32, Int32, Float, UnsafeRawPointer?, Int32, UnsafeRawPointer?, Int32,
                                      Float, UnsafeMutableRawPointer?, Int32) -> Void
    typealias Dgemv = @convention(c) (Int32, Int32, Int32, Int32, Double, UnsafeRawPointer?, Int32, UnsafeRawPointer?, Int32,
                                      Double, UnsafeMutableRawPointer?, Int32) -> Void
    /// (n, alpha, x, incx, y, incy)
    typealias Saxpy = @convention(c) (Int32, Float, UnsafeRawPointer?, Int32, UnsafeMutableRawPointer?, Int32) -> Void
    typealias Daxpy = @convention(c) (Int32, Double, UnsafeRawPointer?, Int32, UnsafeMutableRawPointer?, Int32) -> Void
    /// (n, alpha, x, incx)
    typealias Sscal = @convention(c) (Int32, Float, UnsafeMutableRawPointer?, Int32) -> Void
    typealias Dscal = @convention(c) (Int32, Double, UnsafeMutableRawPointer?, Int32) -> Void
    /// (n, x, incx, y, incy)
    typealias Sdot = @convention(c) (Int32, UnsafeRawPointer?, Int32, UnsafeRawPointer?, Int32) -> Float
    typealias Ddot = @convention(c) (Int32, UnsafeRawPointer?, Int32, UnsafeRawPointer?, Int32) -> Double
    /// (n, x, incx)
    typealias Snrm2 = @convention(c) (Int32, UnsafeRawPointer?, Int32) -> Float
    typealias Dnrm2 = @convention(c) (Int32, UnsafeRawPointer?, Int32) -> Double

    let sgemm: Sgemm, dgemm: Dgemm
    let sgemv: Sgemv, dgemv: Dgemv
    let saxpy: Saxpy, daxpy: Daxpy
    let sscal: Sscal, dscal: Dscal
    let sdot: Sdot, ddot: Ddot
    let snrm2: Snrm2, dnrm2: Dnrm2
    /// OpenBLAS's description of itself (`openblas_get_config`): version, kernel target, threads.
    let configuration: String
    /// The library's path as given to `dlopen`.
    let path: String
    /// The kernels OpenBLAS chose for this CPU (`openblas_get_corename`), nil where the library does not say.
    let coreName: String?

    /// The library this process uses, loaded once; nil when none is found.
    static var shared: HostBLAS? { loaded.library }

    /// Why the library `$SWIFTCL_HOST_BLAS` names was not used (the routines then refuse to run: the user asked for it).
    static var refusal: String? { loaded.refusal }

    private static let loaded: (library: HostBLAS?, refusal: String?) = load()

    private static func load() -> (library: HostBLAS?, refusal: String?) {
        var candidates = ["libopenblas.so.0", "libopenblas.so"]
        var chosen: String?
        if let given = getenv("SWIFTCL_HOST_BLAS").map({ String(cString: $0) }), !given.isEmpty {
            // A path is checked before dlopen maps it: a FIFO would block the loader, a truncated library fault it.
            if given.contains("/"), let problem = SharedLibraryFile.problem(given) {
                return (nil, "SWIFTCL_HOST_BLAS=\(given): \(problem)")
            }
            candidates = [given]
            chosen = given
        }
        for path in candidates {
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                if let chosen { return (nil, "SWIFTCL_HOST_BLAS=\(chosen): " + (dlerror().map { String(cString: $0) } ?? "cannot be loaded")) }
                continue
            }
            guard let library = HostBLAS(handle: handle, path: path) else {
                dlclose(handle)
                if let chosen {
                    return (nil, "SWIFTCL_HOST_BLAS=\(chosen) is not OpenBLAS: it lacks openblas_get_config or one of the CBLAS "
                            + "routines (a reference BLAS runs GEMM tens of times slower than the device engine)")
                }
                continue
            }
            guard let core = library.coreName, let better = betterCore(than: core, cpuFlags: cpuFlags()) else { return (library, nil) }
            // `library`'s routines belong to `handle`, which the reload closes: only the reload's result may be used.
            if let reloaded = reloaded(path: path, handle: handle, core: better) { return (reloaded, nil) }
        }
        return (nil, nil)
    }

    /// OpenBLAS picks its kernels once, when it is loaded, from the CPU's model; a model it does not know gets its
    /// oldest x86-64 kernels, "Prescott" (SSE3). Debian's 0.3.21 does not know Intel's family 6 model 207 and ran SGEMM
    /// there at 53–65 GFLOP/s against 298–315 with its AVX-512 kernels (issue 44, session 35). For such a fallback, and
    /// only when the user has not chosen (`OPENBLAS_CORETYPE` unset), the core OpenBLAS has long had for the CPU's
    /// instruction sets: "Cooperlake" with AVX-512 and BF16, "SkylakeX" with AVX-512, "Haswell" with AVX2 and FMA.
    static func betterCore(than core: String, cpuFlags: Set<String>) -> String? {
        guard core == "Prescott", getenv("OPENBLAS_CORETYPE") == nil else { return nil }
        if ["avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"].allSatisfy(cpuFlags.contains) {
            return cpuFlags.contains("avx512_bf16") ? "Cooperlake" : "SkylakeX"
        }
        return cpuFlags.contains("avx2") && cpuFlags.contains("fma") ? "Haswell" : nil
    }

    /// The first processor's flags in `/proc/cpuinfo` (empty where there is none).
    static func cpuFlags() -> Set<String> {
        guard case .contents(let bytes) = FileSystem.readRegularFile("/proc/cpuinfo", maximumBytes: 4 << 20, followingSymlink: true),
              let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first(where: { $0.hasPrefix("flags") }),
              let colon = line.firstIndex(of: ":") else { return [] }
        return Set(line[line.index(after: colon)...].split(separator: " ").map(String.init))
    }

    /// The library at `path` loaded again with `OPENBLAS_CORETYPE=core` (unset again afterwards: OpenBLAS reads it
    /// only while loading); `handle`, the first load, is closed first so that the library's initialiser runs again.
    /// Nil when the second load fails or keeps the old core, and then the first load is opened again.
    private static func reloaded(path: String, handle: UnsafeMutableRawPointer, core: String) -> HostBLAS? {
        dlclose(handle)
        setenv("OPENBLAS_CORETYPE", core, 1)
        let second = dlopen(path, RTLD_NOW | RTLD_LOCAL)
        unsetenv("OPENBLAS_CORETYPE")
        if let second, let library = HostBLAS(handle: second, path: path), library.coreName == core { return library }
        if let second { dlclose(second) }
        return dlopen(path, RTLD_NOW | RTLD_LOCAL).flatMap { HostBLAS(handle: $0, path: path) }
    }

    /// The CBLAS routines of the library at `handle`; nil without one of them or without `openblas_get_config`.
    private init?(handle: UnsafeMutableRawPointer, path: String) {
        func symbol<F>(_ name: String) -> F? { dlsym(handle, name).map { unsafeBitCast($0, to: F.self) } }
        typealias Config = @convention(c) () -> UnsafePointer<CChar>?
        guard let sgemm: Sgemm = symbol("cblas_sgemm"), let dgemm: Dgemm = symbol("cblas_dgemm"),
              let sgemv: Sgemv = symbol("cblas_sgemv"), let dgemv: Dgemv = symbol("cblas_dgemv"),
              let saxpy: Saxpy = symbol("cblas_saxpy"), let daxpy: Daxpy = symbol("cblas_daxpy"),
              let sscal: Sscal = symbol("cblas_sscal"), let dscal: Dscal = symbol("cblas_dscal"),
              let sdot: Sdot = symbol("cblas_sdot"), let ddot: Ddot = symbol("cblas_ddot"),
              let snrm2: Snrm2 = symbol("cblas_snrm2"), let dnrm2: Dnrm2 = symbol("cblas_dnrm2"),
              let config: Config = symbol("openblas_get_config") else { return nil }
        (self.sgemm, self.dgemm, self.sgemv, self.dgemv, self.saxpy, self.daxpy) = (sgemm, dgemm, sgemv, dgemv, saxpy, daxpy)
        (self.sscal, self.dscal, self.sdot, self.ddot, self.snrm2, self.dnrm2) = (sscal, dscal, sdot, ddot, snrm2, dnrm2)
        configuration = config().map { String(cString: $0) } ?? "OpenBLAS"
        let corename: Config? = symbol("openblas_get_corename")
        coreName = corename.flatMap { $0() }.map { String(cString: $0) }
        self.path = path
    }

    /// CBLAS's enumerations.
    static func order(_ layout: BLASLayout) -> Int32 { layout == .rowMajor ? 101 : 102 }
    static func transpose(_ transpose: BLASTranspose) -> Int32 { transpose == .none ? 111 : 112 }
}
