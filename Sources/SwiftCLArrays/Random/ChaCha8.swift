#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SwiftCL

/// A counter-based random number generator built on the ChaCha8 block function (D. J. Bernstein, "ChaCha, a variant
/// of Salsa20", 2008; eight rounds, the variant Go's `math/rand/v2` uses by default): every 64-byte block is a pure
/// function of a 256-bit key, a 64-bit block counter and a 64-bit nonce. Here the key's first two words are the
/// ``seed`` (the other six are zero), the block counter starts at ``counter`` and the nonce is the ``stream``.
///
/// It does what ``Philox`` does, reproducibly per seed and identically on every device and on the host, with the
/// same draws (`uniform`, `uniform(into:)`, integers in a range, `normal`), but it spends its arithmetic on additions,
/// exclusive ors and rotations instead of 32×32-bit multiplies, and a `Float` takes 24 bits of the key stream rather
/// than a whole word: on the 2-core CPU device here it writes uniform `Float`s ~3× faster than ``Philox``
/// (docs/measurements.md). ``Philox`` stays the generator to choose for numbers that match PyOpenCL's
/// `PhiloxGenerator` or cuRAND's; the two give different numbers for the same seed.
///
/// **Layout.** Eight consecutive blocks form a group; a draw of `n` values takes whole groups from ``counter``. A
/// block gives ``valuesPerBlock(for:)`` values of a draw: a `Float` is each 24-bit piece of the 512-bit block in order
/// (21 per block), a `Float16` the top 11 bits of such a piece, a `Double` 53 bits of a pair of words (8 per block), an
/// integer a pair of words (8 per block), a normal `Float` one of the two Box–Muller values of a pair of 24-bit pieces
/// (20 per block). Value `k` of the eight blocks of group `g` are elements `8·(P·g + k) + 0…7` of the draw (`P` values
/// per block), so the device writes eight neighbouring elements with one vector store. ``uniformHostReference(count:as:)``
/// gives the same numbers on the host.
public struct ChaCha8: CounterBasedGenerator {
    /// The key's first two 32-bit words (low word first); the other six are zero.
    public var seed: UInt64
    /// The block counter at the first block of the next draw.
    public var counter: UInt64
    /// The nonce: a separate sequence for the same seed.
    public var stream: UInt64

    public init(seed: UInt64, counter: UInt64 = 0, stream: UInt64 = 0) {
        self.seed = seed
        self.counter = counter
        self.stream = stream
    }

    /// Blocks in a group: the lanes of one device work-item.
    static let groupBlocks = 8

    /// Values of a uniform draw of `Element` one 64-byte block gives: 21 for 32-bit-or-smaller floating-point types
    /// (24 bits each), 8 for 64-bit ones and for integers (a pair of words each).
    public static func valuesPerBlock<Element: ArrayElement>(for _: Element.Type) -> Int {
        Element.kind == .floatingPoint && MemoryLayout<Element>.size <= 4 ? 21 : 8
    }

    /// The generator moved past the blocks a uniform draw of `count` values of `Element` uses (whole groups of eight
    /// blocks), so the next draw is independent of it. A count of 0 or below moves nothing.
    public func advanced<Element: ArrayElement>(pastDrawsOf count: Int, of _: Element.Type) -> ChaCha8 {
        var next = self
        next.counter &+= Self.blocks(count, perBlock: Self.valuesPerBlock(for: Element.self))
        return next
    }

    /// Blocks (whole groups) `count` values at `perBlock` per block use; no overflow for any count.
    static func blocks(_ count: Int, perBlock: Int) -> UInt64 {
        let perGroup = perBlock * groupBlocks
        return count <= 0 ? 0 : UInt64(count / perGroup + (count % perGroup == 0 ? 0 : 1)) * UInt64(groupBlocks)
    }

    // MARK: The block function

    /// "expand 32-byte k", the first four words of every block's input.
    static let constants: [UInt32] = [0x6170_7865, 0x3320_646E, 0x7962_2D32, 0x6B20_6574]

    /// One ChaCha8 block on the host: the 16 words of key stream for `key` (eight words), block `counter` and `nonce`
    /// (low word first in both). The device kernels match it bit for bit.
    public static func block(key: SIMD8<UInt32>, counter: UInt64, nonce: UInt64) -> SIMD16<UInt32> {
        var input = SIMD16<UInt32>()
        for i in 0..<4 { input[i] = constants[i] }
        for i in 0..<8 { input[4 + i] = key[i] }
        input[12] = UInt32(truncatingIfNeeded: counter); input[13] = UInt32(truncatingIfNeeded: counter >> 32)
        input[14] = UInt32(truncatingIfNeeded: nonce); input[15] = UInt32(truncatingIfNeeded: nonce >> 32)
        var x = input
        @inline(__always) func quarter(_ a: Int, _ b: Int, _ c: Int, _ d: Int) {
            x[a] &+= x[b]; x[d] = rotated(x[d] ^ x[a], 16)
            x[c] &+= x[d]; x[b] = rotated(x[b] ^ x[c], 12)
            x[a] &+= x[b]; x[d] = rotated(x[d] ^ x[a], 8)
            x[c] &+= x[d]; x[b] = rotated(x[b] ^ x[c], 7)
        }
        for _ in 0..<4 {
            for (a, b, c, d) in quarterRounds { quarter(a, b, c, d) }
        }
        return x &+ input
    }

    /// A double round: four column quarter-rounds, then four diagonal ones.
    static let quarterRounds: [(Int, Int, Int, Int)] = [(0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15),
                                                        (0, 5, 10, 15), (1, 6, 11, 12), (2, 7, 8, 13), (3, 4, 9, 14)]

    private static func rotated(_ value: UInt32, _ bits: UInt32) -> UInt32 { value << bits | value >> (32 - bits) }

    /// Block `index` of a draw (counted from ``counter``): its 16 words on the host.
    public func words(block index: UInt64) -> SIMD16<UInt32> {
        Self.block(key: SIMD8(UInt32(truncatingIfNeeded: seed), UInt32(truncatingIfNeeded: seed >> 32), 0, 0, 0, 0, 0, 0),
                   counter: counter &+ index, nonce: stream)
    }

    /// The 24-bit piece `k` (0…20) of a block: bits 24k…24k+23 of its words read as one little-endian 512-bit number.
    static func piece(_ w: SIMD16<UInt32>, _ k: Int) -> UInt32 {
        let (j, s) = (24 * k / 32, UInt32(24 * k % 32))
        return s <= 8 ? (w[j] >> s) & 0xFF_FFFF : (w[j] >> s) | ((w[j + 1] << (32 - s)) & 0xFF_FFFF)
    }

    /// Value `k` of block `b` for each element of a draw of `count` values at `perBlock` per block, on the host: calls
    /// `body(element, words, k)` once per element, computing each block once.
    func forEachValue(count: Int, perBlock: Int, _ body: (Int, SIMD16<UInt32>, Int) -> Void) {
        let perGroup = perBlock * Self.groupBlocks
        var group = 0
        while group * perGroup < count {
            for lane in 0..<Self.groupBlocks {
                let w = words(block: UInt64(group * Self.groupBlocks + lane))
                for k in 0..<perBlock {
                    let element = group * perGroup + Self.groupBlocks * k + lane
                    if element < count { body(element, w, k) }
                }
            }
            group += 1
        }
    }

    /// The host's uniform values in [0, 1) for the next draw of `count` elements: bit for bit what
    /// ``uniform(shape:on:)`` gives from the generator's current position (this does not advance it).
    public func uniformHostReference<Element: ArrayElement & BinaryFloatingPoint>(count: Int, as _: Element.Type) -> [Element] {
        var values = [Element](repeating: 0, count: max(0, count))
        let wide = MemoryLayout<Element>.size == 8, half = MemoryLayout<Element>.size == 2
        forEachValue(count: count, perBlock: Self.valuesPerBlock(for: Element.self)) { element, w, k in
            if wide {
                values[element] = Element(Double(UInt64(w[2 * k + 1]) << 21 | UInt64(w[2 * k] >> 11)) * 0x1p-53)
            } else {
                let piece = Self.piece(w, k)
                values[element] = half ? Element(Float(piece >> 13) * 0x1p-11) : Element(Float(piece) * 0x1p-24)
            }
        }
        return values
    }

    /// The host's normal values for the next draw of `count` elements, computed in `Double` from the same bits as
    /// ``normal(mean:standardDeviation:shape:on:)``: the device's values agree to its `log`/`sqrt`/`cospi` accuracy.
    public func normalHostReference<Element: ArrayElement & BinaryFloatingPoint>(count: Int, mean: Double = 0, standardDeviation: Double = 1,
                                                                                 as _: Element.Type) -> [Double] {
        var values = [Double](repeating: 0, count: max(0, count))
        let wide = MemoryLayout<Element>.size == 8
        forEachValue(count: count, perBlock: wide ? 8 : 20) { element, w, k in
            let p = k / 2
            let (u1, u2): (Double, Double)
            if wide {
                u1 = Double((UInt64(w[4 * p + 1]) << 21 | UInt64(w[4 * p] >> 11)) + 1) * 0x1p-53
                u2 = Double(UInt64(w[4 * p + 3]) << 21 | UInt64(w[4 * p + 2] >> 11)) * 0x1p-53
            } else {
                u1 = Double(Self.piece(w, 2 * p) + 1) * 0x1p-24
                u2 = Double(Self.piece(w, 2 * p + 1)) * 0x1p-24
            }
            let r = (-2 * log(u1)).squareRoot(), angle = 2 * Double.pi * u2
            values[element] = mean + standardDeviation * r * (k % 2 == 0 ? cos(angle) : sin(angle))
        }
        return values
    }

    /// The 64-bit word pair integer draws map: value `k` of a block is words `2k` (low) and `2k + 1` (high), for the
    /// next draw of `count` integers on the host.
    public func integerHostReferenceWords(count: Int) -> [UInt64] {
        var values = [UInt64](repeating: 0, count: max(0, count))
        forEachValue(count: count, perBlock: 8) { element, w, k in values[element] = UInt64(w[2 * k + 1]) << 32 | UInt64(w[2 * k]) }
        return values
    }

    // MARK: Device source

    /// The OpenCL C statements that compute eight blocks as `uint8` vectors `x0`…`x15` (lane `i` is block
    /// `counter + 8·g + i`), from `first` (the group's first block), `key_lo`/`key_hi` and `stream`: eight rounds
    /// written out, no loop, no branch.
    static let openCLGroupSource: String = {
        func hex(_ value: UInt32) -> String { "0x" + String(value, radix: 16, uppercase: true) + "u" }
        var lines = [
            // Each lane's 64-bit block counter, split into its words (a lane whose low word wrapped carries into the high
            // one). Computed in 64 bits rather than as a carry from `c12 < first_lo`: Oclgrind 21.10 gets that mask's
            // bits wrong (255 for a carry of 1).
            "const ulong8 blocks = (ulong8)(first) + (ulong8)(0, 1, 2, 3, 4, 5, 6, 7);",
            "const uint8 c12 = convert_uint8(blocks), c13 = convert_uint8(blocks >> 32);",
            "const uint s_lo = (uint)stream, s_hi = (uint)(stream >> 32);",
        ]
        var inputs = constants.map { "(uint8)(\(hex($0)))" } + ["(uint8)(key_lo)", "(uint8)(key_hi)"]
        inputs += Array(repeating: "(uint8)(0)", count: 6) + ["c12", "c13", "(uint8)(s_lo)", "(uint8)(s_hi)"]
        lines.append("uint8 " + inputs.enumerated().map { "x\($0.offset) = \($0.element)" }.joined(separator: ", ") + ";")
        for _ in 0..<4 {
            for (a, b, c, d) in quarterRounds {
                lines.append("x\(a) += x\(b); x\(d) = rotate(x\(d) ^ x\(a), (uint8)(16)); x\(c) += x\(d); x\(b) = rotate(x\(b) ^ x\(c), (uint8)(12));")
                lines.append("x\(a) += x\(b); x\(d) = rotate(x\(d) ^ x\(a), (uint8)(8)); x\(c) += x\(d); x\(b) = rotate(x\(b) ^ x\(c), (uint8)(7));")
            }
        }
        // The feed-forward (the six zero key words add nothing).
        lines.append((0..<4).map { "x\($0) += \(hex(constants[$0]));" }.joined(separator: " ")
                     + " x4 += key_lo; x5 += key_hi; x12 += c12; x13 += c13; x14 += s_lo; x15 += s_hi;")
        return lines.map { "    " + $0 }.joined(separator: "\n")
    }()

    /// The OpenCL C expression (a `uint8`) of 24-bit piece `k` of the eight blocks.
    static func openCLPiece(_ k: Int) -> String {
        let (j, s) = (24 * k / 32, 24 * k % 32)
        if s == 8 { return "(x\(j) >> 8)" }
        if s == 0 { return "(x\(j) & (uint8)(0xFFFFFF))" }
        return "((x\(j) >> \(s)) | ((x\(j + 1) << \(32 - s)) & (uint8)(0xFFFFFF)))"
    }
}
