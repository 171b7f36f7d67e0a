#if canImport(Glibc)
import Glibc
#endif
import SwiftCL

/// An optimised host BLAS (OpenBLAS), loaded at run time, that GEMM uses on devices computing in host memory: there the
/// kernels CLBlast generates reach 2–5 % of what OpenBLAS does on the same cores (issue 44's measurements), while
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
    let sgemm: Sgemm
    let dgemm: Dgemm
    /// OpenBLAS's description of itself (`openblas_get_config`): version, kernel target, threads.
    let configuration: String
    /// The library's path as given to `dlopen`.
    let path: String

    /// The library this process uses, loaded once; nil when none is found.
    static let shared: HostBLAS? = load()

    private static func load() -> HostBLAS? {
        var candidates = ["libopenblas.so.0", "libopenblas.so"]
        if let chosen = getenv("SWIFTCL_HOST_BLAS").map({ String(cString: $0) }), !chosen.isEmpty { candidates = [chosen] }
        for path in candidates {
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else { continue }
            guard let sgemm = dlsym(handle, "cblas_sgemm"), let dgemm = dlsym(handle, "cblas_dgemm"),
                  let config = dlsym(handle, "openblas_get_config") else {
                dlclose(handle)
                continue
            }
            typealias Config = @convention(c) () -> UnsafePointer<CChar>?
            let text = unsafeBitCast(config, to: Config.self)().map { String(cString: $0) } ?? "OpenBLAS"
            return HostBLAS(sgemm: unsafeBitCast(sgemm, to: Sgemm.self), dgemm: unsafeBitCast(dgemm, to: Dgemm.self),
                            configuration: text, path: path)
        }
        return nil
    }

    /// CBLAS's enumerations.
    static func order(_ layout: BLASLayout) -> Int32 { layout == .rowMajor ? 101 : 102 }
    static func transpose(_ transpose: BLASTranspose) -> Int32 { transpose == .none ? 111 : 112 }
}
