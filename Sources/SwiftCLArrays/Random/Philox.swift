import SwiftCL

/// A counter-based random number generator, Philox-4×32-10 (Salmon et al., "Parallel random numbers: as easy as
/// 1, 2, 3", SC 2011): every block of four 32-bit words is a pure function of a 64-bit key (the seed), a 128-bit
/// counter and nothing else. Element `j` of an array drawn with counter `c` comes from block `c + j / perBlock`, so the
/// same seed gives the same numbers on every device, at every work-group size, and on the host
/// (``block(counter:key:)``).
///
/// Every draw advances the generator past the blocks it used, so consecutive draws are independent
/// (`x = try g.uniform(…); y = try g.uniform(…)` gives two different arrays, as PyOpenCL's
/// `pyopencl.clrandom.PhiloxGenerator` does). The draws are `mutating`: a generator held in a `let` cannot draw, so a
/// position cannot be reused by accident. A generator is a value, and that is how a draw is reproduced on purpose: a
/// copy (or a new `Philox` with the same seed, counter and stream) gives the same numbers again, on any device and on
/// the host (``uniformHostReference(count:as:)`` describes the next draw without advancing). Independent parts of a
/// computation can also take different seeds or different ``stream``s.
public struct Philox: CounterBasedGenerator {
    /// The key: two 32-bit words (low word first).
    public var seed: UInt64
    /// The counter's low 64 bits at the first element.
    public var counter: UInt64
    /// The counter's high 64 bits: a separate sequence for the same seed.
    public var stream: UInt64

    public init(seed: UInt64, counter: UInt64 = 0, stream: UInt64 = 0) {
        self.seed = seed
        self.counter = counter
        self.stream = stream
    }

    /// The generator moved past the blocks `count` draws of `Element` with ``uniform(shape:on:)`` (or the integer and
    /// normal draws) use, so the next draw is independent of them.
    /// (A draw does this itself; this skips draws without making them. A count of 0 or below moves nothing.)
    public func advanced<Element: ArrayElement>(pastDrawsOf count: Int, of _: Element.Type) -> Philox {
        var next = self
        next.counter &+= Self.blocks(count, perBlock: Self.perBlock(Element.self))
        return next
    }

    /// Blocks `count` elements use at `perBlock` per block (no overflow for any count).
    static func blocks(_ count: Int, perBlock: Int) -> UInt64 {
        count <= 0 ? 0 : UInt64(count / perBlock + (count % perBlock == 0 ? 0 : 1))
    }

    /// Elements one block of four words gives: four 32-bit-or-smaller values, two 64-bit ones.
    static func perBlock<Element: ArrayElement>(_: Element.Type) -> Int {
        MemoryLayout<Element>.size == 8 ? 2 : 4
    }

    // MARK: Host reference

    static let multipliers: (UInt32, UInt32) = (0xD251_1F53, 0xCD9E_8D57)
    static let weyl: (UInt32, UInt32) = (0x9E37_79B9, 0xBB67_AE85)

    /// One Philox-4×32-10 block on the host: the reference the device kernels match bit for bit.
    public static func block(counter: SIMD4<UInt32>, key: SIMD2<UInt32>) -> SIMD4<UInt32> {
        var c = counter, k = key
        for round in 0..<10 {
            if round > 0 { k &+= SIMD2(weyl.0, weyl.1) }
            let p0 = UInt64(multipliers.0) * UInt64(c[0]), p1 = UInt64(multipliers.1) * UInt64(c[2])
            c = SIMD4(UInt32(truncatingIfNeeded: p1 >> 32) ^ c[1] ^ k[0], UInt32(truncatingIfNeeded: p1),
                      UInt32(truncatingIfNeeded: p0 >> 32) ^ c[3] ^ k[1], UInt32(truncatingIfNeeded: p0))
        }
        return c
    }

    /// The block element `index` of a draw falls in, on the host.
    func hostBlock(containing index: Int, perBlock: Int) -> SIMD4<UInt32> {
        let block = counter &+ UInt64(index / perBlock)
        return Self.block(counter: SIMD4(UInt32(truncatingIfNeeded: block), UInt32(truncatingIfNeeded: block >> 32),
                                         UInt32(truncatingIfNeeded: stream), UInt32(truncatingIfNeeded: stream >> 32)),
                          key: SIMD2(UInt32(truncatingIfNeeded: seed), UInt32(truncatingIfNeeded: seed >> 32)))
    }

    /// The four words of block `block` of a draw (counted from ``counter``), on the host.
    public func uniformHostReferenceWords(block: Int) -> SIMD4<UInt32> {
        hostBlock(containing: block, perBlock: 1)
    }

    /// The OpenCL C of the generator, the same function as ``block(counter:key:)``: ten rounds written out (no loop,
    /// no branch), so compilers that vectorise across work-items (PoCL) keep every work-item's block in registers.
    static let openCLSource: String = {
        // The host's constants, as OpenCL C literals.
        func hex(_ value: UInt32) -> String { "0x" + String(value, radix: 16, uppercase: true) + "u" }
        var rounds: [String] = []
        for round in 0..<10 {
            if round > 0 { rounds.append("    k0 += \(hex(weyl.0)); k1 += \(hex(weyl.1));") }
            let (m0, m1) = (hex(multipliers.0), hex(multipliers.1))
            // One 64-bit product per half instead of `mul_hi` and a 32-bit product: PoCL compiles `mul_hi` to far slower
            // code (3.6x slower draws on its CPU device, docs/measurements.md).
            rounds.append("""
                    p0 = (ulong)\(m0) * c0; p1 = (ulong)\(m1) * c2;
                    c0 = (uint)(p1 >> 32) ^ c1 ^ k0; c1 = (uint)p1; c2 = (uint)(p0 >> 32) ^ c3 ^ k1; c3 = (uint)p0;
                """)
        }
        return """
            inline uint4 swiftcl_philox(uint4 c, uint2 k)
            {
                uint c0 = c.x, c1 = c.y, c2 = c.z, c3 = c.w, k0 = k.x, k1 = k.y;
                ulong p0, p1;
            \(rounds.joined(separator: "\n"))
                return (uint4)(c0, c1, c2, c3);
            }

            """
    }()
}
