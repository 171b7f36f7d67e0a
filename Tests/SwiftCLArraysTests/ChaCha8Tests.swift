import SwiftCL
import SwiftCLArrays
import SwiftCLTestSupport
import Testing

@Suite("Random numbers (ChaCha8)")
struct ChaCha8Tests {
    struct DrawSize: Sendable, CustomTestStringConvertible {
        let count: Int, counter: UInt64
        var testDescription: String { "\(count) values from block \(counter)" }
    }

    /// Counts around a group (168 Floats) and a counter whose low word wraps inside the first group.
    static let sizes = [(0, 42), (1, 42), (7, 42), (167, 42), (168, 42), (169, 0xFFFF_FFFC), (1023, 0xFFFF_FFFC), ((1 << 20) + 3, 42)]
        .map { DrawSize(count: $0.0, counter: UInt64($0.1)) }

    /// Little-endian 32-bit words of a hexadecimal byte string.
    static func words(_ hex: String) -> [UInt32] {
        let bytes = stride(from: 0, to: hex.count, by: 2).map { offset -> UInt32 in
            let start = hex.index(hex.startIndex, offsetBy: offset)
            return UInt32(hex[start..<hex.index(start, offsetBy: 2)], radix: 16)!
        }
        return stride(from: 0, to: bytes.count, by: 4).map { bytes[$0] | bytes[$0 + 1] << 8 | bytes[$0 + 2] << 16 | bytes[$0 + 3] << 24 }
    }

    static func block(key: String, nonce: String, counter: UInt64 = 0) -> [UInt32] {
        let k = words(key), n = words(nonce)
        let result = ChaCha8.block(key: SIMD8(k[0], k[1], k[2], k[3], k[4], k[5], k[6], k[7]), counter: counter,
                                   nonce: UInt64(n[1]) << 32 | UInt64(n[0]))
        return (0..<16).map { result[$0] }
    }

    @Test("the host block function gives the published ChaCha8 key-stream vectors (draft-strombergson-chacha-test-vectors)")
    func knownAnswers() {
        let zero = String(repeating: "0", count: 64), zeroNonce = String(repeating: "0", count: 16)
        #expect(Self.block(key: zero, nonce: zeroNonce) == Self.words(
            "3e00ef2f895f40d67f5bb8e81f09a5a12c840ec3ce9a7f3b181be188ef711a1e984ce172b9216f419f445367456d5619314a42a3da86b001387bfdb80e0cfe42"))
        #expect(Self.block(key: zero, nonce: zeroNonce, counter: 1) == Self.words(
            "d2aefa0deaa5c151bf0adb6c01f2a5adc0fd581259f9a2aadcf20f8fd566a26b5032ec38bbc5da98ee0c6f568b872a65a08abf251deb21bb4b56e5d8821e68aa"))
        #expect(Self.block(key: "01" + String(repeating: "0", count: 62), nonce: zeroNonce) == Self.words(
            "cf5ee9a0494aa9613e05d5ed725b804b12f4a465ee635acc3a311de8740489ea289d04f43c7518db56eb4433e498a1238cd8464d3763ddbb9222ee3bd8fae3c8"))
        #expect(Self.block(key: zero, nonce: "0100000000000000") == Self.words(
            "2b8f4bb3798306ca5130d47c4f8d4ed13aa0edccc1be6942090faeeca0d7599b7ff0fe616bb25aa0153ad6fdc88b954903c22426d478b97b22b8f9b1db00cf06"))
        #expect(Self.block(key: "00112233445566778899aabbccddeeffffeeddccbbaa99887766554433221100", nonce: "0f1e2d3c4b5a6978") == Self.words(
            "db43ad9d1e842d1272e4530e276b3f568f8859b3f7cf6d9d2c74fa53808cb5157a8ebf46ad3dcc4b6c7dadde131784b0120e0e22f6d5f9ffa7407d4a21b695d9"))
    }

    @Test("device draws equal the host bit for bit: whole groups, a partial last group, a counter whose low word wraps inside a group",
          arguments: TestDevices.all, Self.sizes)
    func uniformMatchesHost(device: Device, size: DrawSize) throws {
        let queue = try makeQueue(device)
        let count = size.count
        let start = ChaCha8(seed: 0x1234_5678_9ABC_DEF0, counter: size.counter, stream: 7)
        let host = try checkUniformDraws(from: start, count: count, on: queue)
        // A draw that starts one group later is the longer draw's tail (21 values per block, 8 blocks per group).
        if count > 168 {
            var later = start.advanced(pastDrawsOf: 168, of: Float.self)
            #expect(later.counter == start.counter &+ 8)
            let tail: DeviceArray<Float> = try later.uniform(shape: [count - 168], on: queue)
            #expect(try tail.toArray() == Array(host.dropFirst(168)))
        }
    }

    @Test("every 24-bit piece of a block is used once: the bits of 21 Floats are the block's first 504 bits", arguments: TestDevices.all)
    func piecesCoverTheBlock(device: Device) throws {
        let queue = try makeQueue(device)
        let start = ChaCha8(seed: 5)
        var generator = start
        let floats = try (generator.uniform(shape: [168], on: queue) as DeviceArray<Float>).toArray()
        // Block 0 is lane 0 of group 0: elements 0, 8, 16, … 160.
        let pieces = stride(from: 0, to: 168, by: 8).map { UInt64(floats[$0] * 0x1p24) }
        let w = start.words(block: 0)
        var bits: [UInt64] = []
        for piece in pieces { for b in 0..<24 { bits.append(piece >> UInt64(b) & 1) } }
        let expected = (0..<504).map { UInt64(w[$0 / 32] >> UInt32($0 % 32) & 1) }
        #expect(bits == expected)
    }

    @Test("integers in a range: within it, every value hit, equal to the host's mapping; the full 64-bit range",
          arguments: TestDevices.all)
    func integers(device: Device) throws {
        let queue = try makeQueue(device)
        let start = ChaCha8(seed: 99)
        var generator = start
        let count = 100_003
        let dice: DeviceArray<Int32> = try generator.uniform(in: -3...3, shape: [count], on: queue)
        let values = try dice.toArray()
        let host = start.integerHostReferenceWords(count: count).map { r in
            Int32(truncatingIfNeeded: UInt64(bitPattern: -3) &+ r.multipliedFullWidth(by: 7).high)
        }
        #expect(values == host)
        #expect(Set(values) == Set(-3...3))
        #expect(generator.counter == start.counter + ChaCha8.blocksForTesting(count, perBlock: 8))
        let before = generator
        let full: DeviceArray<UInt64> = try generator.uniform(in: 0...UInt64.max, shape: [5], on: queue)
        #expect(try full.toArray() == before.integerHostReferenceWords(count: 5))
        let bytes: DeviceArray<UInt8> = try generator.uniform(in: 250...255, shape: [1000], on: queue)
        #expect(try Set(bytes.toArray()) == Set(250...255))
    }

    @Test("normal draws: within 1e-5 of the host's Double Box–Muller, mean and deviation within 5 standard errors",
          arguments: TestDevices.all)
    func normal(device: Device) throws {
        let queue = try makeQueue(device)
        let count = (1 << 20) + 5
        let start = ChaCha8(seed: 2026, stream: 3)
        var generator = start
        let z: DeviceArray<Float> = try generator.normal(mean: 3, standardDeviation: 2, shape: [count], on: queue)
        let values = try z.toArray()
        let host = start.normalHostReference(count: count, mean: 3, standardDeviation: 2, as: Float.self)
        let worst = zip(values, host).map { abs(Double($0) - $1) / max(1, abs($1)) }.max() ?? 0
        #expect(worst < 1e-5, "largest relative difference \(worst)")
        expectNormalMoments(values, mean: 3, deviation: 2)
        #expect(generator.counter == start.counter + ChaCha8.blocksForTesting(count, perBlock: 20))
        if device.supportsDoublePrecision {
            var wide = start
            let d: DeviceArray<Double> = try wide.normal(shape: [1001], on: queue)
            let hostD = start.normalHostReference(count: 1001, as: Double.self)
            let worstD = zip(try d.toArray(), hostD).map { abs($0 - $1) / max(1, abs($1)) }.max() ?? 0
            #expect(worstD < 1e-12, "largest relative difference \(worstD)")
        }
    }

    @Test("consecutive draws are independent and continue one stream; streams and seeds differ", arguments: TestDevices.all)
    func consecutiveDraws(device: Device) throws {
        let queue = try makeQueue(device)
        let count = 168 * 400
        var generator = ChaCha8(seed: 2026)
        let x = try (generator.uniform(shape: [count], on: queue) as DeviceArray<Float>).toArray()
        let y = try (generator.uniform(shape: [count], on: queue) as DeviceArray<Float>).toArray()
        #expect(x != y)
        #expect(x + y == ChaCha8(seed: 2026).uniformHostReference(count: 2 * count, as: Float.self))
        expectPiEstimate(x, y)
        var other = ChaCha8(seed: 2026, stream: 1), reseeded = ChaCha8(seed: 2027)
        #expect(try (other.uniform(shape: [count], on: queue) as DeviceArray<Float>).toArray() != x)
        #expect(try (reseeded.uniform(shape: [count], on: queue) as DeviceArray<Float>).toArray() != x)
        #expect(ChaCha8(seed: 1).advanced(pastDrawsOf: Int.max, of: Float.self).counter == UInt64(Int.max / 168 + 1) * 8)
        #expect(ChaCha8(seed: 1).advanced(pastDrawsOf: -5, of: Float.self).counter == 0)
    }

    @Test("a draw of an element the device lacks is refused and draws nothing", arguments: TestDevices.all)
    func refusals(device: Device) throws {
        let queue = try makeQueue(device)
        var generator = ChaCha8(seed: 1)
        if !device.extensions.contains("cl_khr_fp16") {
            #expect(throws: ArrayError.self) { let _: DeviceArray<Float16> = try generator.uniform(shape: [10], on: queue) }
            #expect(generator.counter == 0)
        }
        #expect(throws: ArrayError.self) { let _: DeviceArray<Float> = try generator.uniform(shape: [-1], on: queue) }
        #expect(generator.counter == 0)
    }
}

extension ChaCha8 {
    /// Blocks a draw of `count` values at `perBlock` per block takes (whole groups of eight).
    static func blocksForTesting(_ count: Int, perBlock: Int) -> UInt64 {
        UInt64((count + 8 * perBlock - 1) / (8 * perBlock)) * 8
    }
}
