#if canImport(Glibc)
import Glibc
#endif
@testable import SwiftCLBLAS
import Testing

@Suite("The host BLAS's kernels for this CPU")
struct HostBLASCoreTests {
    static let avx512: Set<String> = ["avx2", "fma", "avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"]

    @Test("an unknown CPU's fallback core is replaced by the one its instruction sets allow; a known core is kept")
    func betterCore() {
        // A user's own OPENBLAS_CORETYPE is never overridden (then nothing is replaced).
        let userChose = getenv("OPENBLAS_CORETYPE") != nil
        #expect(HostBLAS.betterCore(than: "Prescott", cpuFlags: Self.avx512) == (userChose ? nil : "SkylakeX"))
        #expect(HostBLAS.betterCore(than: "Prescott", cpuFlags: Self.avx512.union(["avx512_bf16"])) == (userChose ? nil : "Cooperlake"))
        #expect(HostBLAS.betterCore(than: "Prescott", cpuFlags: ["sse3", "avx", "avx2", "fma"]) == (userChose ? nil : "Haswell"))
        #expect(HostBLAS.betterCore(than: "Prescott", cpuFlags: ["sse3", "avx", "avx512f"]) == nil, "AVX-512F alone, no AVX2")
        #expect(HostBLAS.betterCore(than: "Prescott", cpuFlags: []) == nil)
        for known in ["Haswell", "Zen", "SkylakeX", "Cooperlake", "SapphireRapids", "Nehalem"] {
            #expect(HostBLAS.betterCore(than: known, cpuFlags: Self.avx512) == nil, "\(known) is kept")
        }
    }

    @Test("this machine's OpenBLAS runs kernels for its instruction sets (CI installs OpenBLAS: its absence fails)")
    func loadedCore() throws {
        let library = try #require(HostBLAS.shared, "no OpenBLAS found (libopenblas0-pthread)")
        let flags = HostBLAS.cpuFlags()
        #expect(flags.contains("sse2"), "read the CPU's flags from /proc/cpuinfo: \(flags.count) flags")
        let core = try #require(library.coreName)
        if getenv("OPENBLAS_CORETYPE") == nil, flags.contains("avx2"), flags.contains("fma") {
            #expect(core != "Prescott", "OpenBLAS fell back to SSE3 kernels on a CPU with AVX2: \(library.configuration)")
        }
        #expect(BLASEngine.hostLibrary?.contains(core) == true, "the engine's description names the core: \(BLASEngine.hostLibrary ?? "nil")")
    }
}
