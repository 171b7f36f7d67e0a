import SwiftCL

/// Software prefetches in the CPU streaming kernels of reductions along an axis: each pass over a stream also asks
/// for the cache lines ``distance`` bytes ahead of what it loads.
///
/// The hardware prefetchers alone leave a core short of the memory bandwidth when a kernel spends many instructions
/// per byte (Kahan steps, the folds of short rows, positions beside values): the out-of-order window then reaches too
/// few cache lines ahead. On an Intel Xeon (family 6 model 207, PoCL 3.1) a prefetch 4 KiB ahead took the sums along
/// rows of `[8192, 8192]` from 70 to 96 % of the read bound and rows of 16 from 82 to 93 %
/// (`Benchmarks/probes/axis-prefetch.py`, docs/decisions.md). Only PoCL's CPU devices get them: the builtin lowers to
/// `llvm.prefetch`, which other runtimes may not take (Oclgrind 21.10 refuses the kernel), so elsewhere the macro is
/// empty.
struct StreamPrefetch: Sendable, Equatable {
    /// Whether the kernels prefetch.
    let enabled: Bool

    /// How far ahead of its loads a stream prefetches: 4 KiB (2 and 8 KiB ran 3 points below and level with it).
    static let distance = 4_096

    /// How far ahead each of the lines kernel's eight streams prefetches: 2 KiB, 16 KiB in all (`[16, 2²²]` along axis
    /// 0: 1, 2 and 4 KiB ran at 84, 84 and 81 % of the read bound; `[256, 512, 512]` along axis 0 at 97, 98 and 93 %).
    static let distancePerLine = 2_048

    /// Prefetching on PoCL's CPU devices, none elsewhere.
    static func on(_ device: Device) -> StreamPrefetch {
        StreamPrefetch(enabled: device.type.contains(.cpu) && device.platform.name == "Portable Computing Language")
    }

    /// The part of a cached kernel's name that tells a prefetching kernel from the other.
    var nameSuffix: String { enabled ? "_pf" : "" }

    /// OpenCL C defining `SC_PREFETCH(p)`: a read prefetch of the line at `p`, or nothing.
    var definition: String {
        enabled ? "#define SC_PREFETCH(p) __builtin_prefetch((const void *)(ulong)(p), 0, 3)\n" : "#define SC_PREFETCH(p)\n"
    }

    /// OpenCL C prefetching, for each of `pointers` (to elements of `elementBytes` bytes), the lines of `count` elements
    /// ``distance`` ahead of it: one statement per 64-byte line; none when disabled.
    func statements(ahead pointers: [String], count: Int, elementBytes: Int) -> [String] {
        lines(pointers, from: Self.distance / elementBytes, count: count, elementBytes: elementBytes)
    }

    /// The lines kernels' prefetches for the 16 elements at offset `j` of a span of `w` in each of `streams`,
    /// ``distancePerLine`` ahead: further along the span, or past its end in the line `nextLine` elements on (the one
    /// the next pass reads there).
    func spanStatements(_ streams: [String], nextLine: String, elementBytes: Int) -> [String] {
        guard enabled else { return [] }
        let ahead = Self.distancePerLine / elementBytes
        return ["const ulong ja = j + \(ahead) < w ? j + \(ahead) : j + \(ahead) - w + \(nextLine);"]
            + lines(streams.map { "\($0) + ja" }, from: 0, count: 16, elementBytes: elementBytes)
    }

    /// One prefetch per 64-byte line of `count` elements from element `first` of each of `pointers`.
    private func lines(_ pointers: [String], from first: Int, count: Int, elementBytes: Int) -> [String] {
        guard enabled else { return [] }
        return pointers.flatMap { pointer in
            stride(from: 0, to: Swift.max(1, count), by: Swift.max(1, 64 / elementBytes)).map { "SC_PREFETCH(\(pointer) + \(first + $0));" }
        }
    }
}
