import Foundation
import SwiftCL
@testable import SwiftCLArrays
import SwiftCLTestSupport
import Testing

/// The placement of compaction, partition and unique a vector at a time (AVX-512's compress, where the device's
/// compiler targets it) against the element-by-element walk and a host reference, byte for byte.
@Suite("Placement through AVX-512's compress (CPU devices) equals the walk and the host")
struct VectorCompressPlacementTests {
    /// Whether this host's CPU has AVX-512 F and VL (PoCL's CPU device compiles for it).
    static let hostHasAVX512: Bool = {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
              let flags = info.split(separator: "\n").first(where: { $0.hasPrefix("flags") }) else { return false }
        let words = Set(flags.split(separator: " ").map(String.init))
        return words.contains("avx512f") && words.contains("avx512vl")
    }()

    @Test("the compress is compiled where the host has AVX-512, for 4- and 8-byte elements only, and not when turned off",
          arguments: TestDevices.all)
    func route(device: Device) throws {
        let queue = try makeQueue(device)
        let expected = device.type.contains(.cpu) && device.platform.name.contains("Portable") && Self.hostHasAVX512
        for type in ["int", "uint", "float", "long", "ulong", "double"] where type != "double" || device.supportsDoublePrecision {
            let plan = PlacementPlan(type: type, pragma: type == "double" ? "#pragma OPENCL EXTENSION cl_khr_fp64 : enable" : "",
                                     selection: .distinctFromPrevious, partition: false, device: device)
            #expect(try plan.compresses(on: queue) == expected, "\(type) on \(device.name)")
            var off = plan
            off.vectorCompress = false
            #expect(try off.compresses(on: queue) == false, "\(type), turned off")
        }
        for type in ["char", "uchar", "short", "ushort"] {
            let plan = PlacementPlan(type: type, pragma: "", selection: .mask, partition: true, device: device)
            #expect(try plan.compresses(on: queue) == false, "\(type) has no compress")
        }
    }

    /// Runs every placement of `values` (a view starting `offset` elements into its buffer) by `mask` through both
    /// routes and checks each against the host, comparing bytes (NaNs and −0 included).
    func check<T: ArrayElement>(_ values: [T], mask: [UInt8], offset: Int,
                                on queue: ComputeQueue, _ context: String) throws {
        let n = values.count
        let padded = try DeviceArray([T](repeating: values[0], count: offset) + values, on: queue)
        let x = try padded[offset..<(offset + n)]
        let paddedMask = try DeviceArray([UInt8](repeating: 1, count: offset) + mask, on: queue)
        let m = try paddedMask[offset..<(offset + n)]
        let kept = values.indices.filter { mask[$0] != 0 }.map { values[$0] }
        let rejected = values.indices.filter { mask[$0] == 0 }.map { values[$0] }
        let distinct = values.indices.filter { $0 == 0 || values[$0] != values[$0 - 1] }.map { values[$0] }
        let bytes = { (a: [T]) in a.withUnsafeBytes { Array($0) } }
        for compress in [true, false] {
            let route = "\(context), compress \(compress)"
            let (compacted, keptCount) = try x.placed(by: m, rejectedToo: false, name: "compact", vectorCompress: compress)
            let compactedBytes = bytes(try compacted.toArray())
            #expect(keptCount == kept.count && compactedBytes == bytes(kept), "compacted: \(route)")
            let (partitioned, _) = try x.placed(by: m, rejectedToo: true, name: "partition", vectorCompress: compress)
            let partitionedBytes = bytes(try partitioned.toArray())
            #expect(partitionedBytes == bytes(kept + rejected), "partitioned: \(route)")
            let (uniqued, distinctCount) = try x.placed(by: nil, rejectedToo: false, name: "unique", vectorCompress: compress)
            let uniquedBytes = bytes(try uniqued.toArray())
            #expect(distinctCount == distinct.count && uniquedBytes == bytes(distinct), "uniqued: \(route)")
            // Into a given array in one pass, blocks crossing vectors and tiles; nothing past the kept ones is written.
            let fill = values.last ?? values[0]
            for block in [5, 16, 37, 4_096] {
                for (selection, reference) in [(m as DeviceArray<UInt8>?, kept), (nil, distinct)] {
                    let out = try DeviceArray<T>.filled(with: fill, shape: [n + 1], on: queue)
                    let (_, count) = try x.placed(by: selection, rejectedToo: false, name: selection == nil ? "unique" : "compact",
                                                  into: try out[0..<n], onePassBlock: block, vectorCompress: compress)
                    let written = try out.toArray()
                    #expect(count == reference.count && bytes(Array(written.prefix(count))) == bytes(reference)
                            && bytes(Array(written[count...])) == bytes([T](repeating: fill, count: n + 1 - count)),
                            "\(selection == nil ? "unique" : "compact") into, blocks of \(block): \(route)")
                }
            }
        }
    }

    @Test("Int32, UInt32, Float (NaNs, −0), Int64, UInt64 and Double, sizes around the vector widths, unaligned views",
          arguments: TestDevices.all, [1, 7, 8, 9, 15, 16, 17, 31, 33, 1_000, 100_003])
    func types(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let mask = (0..<count).map { i -> UInt8 in
            switch i % 41 { case 0..<9: 1; case 9..<20: 0; default: UInt8(truncatingIfNeeded: (i &* 2_654_435_761) >> 9 & 3) }
        }
        let runs = (0..<count).map { ($0 / 3) + ($0 % 23 == 0 ? 1 : 0) }
        let offset = 1 + count % 3
        try check(runs.map { Int32($0) - 9 }, mask: mask, offset: offset, on: queue, "Int32, \(count)")
        try check(runs.map { UInt32.max - UInt32($0) }, mask: mask, offset: offset, on: queue, "UInt32, \(count)")
        let special: [Float] = [.nan, .nan, -0.0, 0, 0, -0.0, 1, 1, .infinity, .infinity]
        let floats = (0..<count).map { $0 % 50 < 10 ? special[$0 % 50] : Float(runs[$0]) * 0.25 }
        try check(floats, mask: mask, offset: offset, on: queue, "Float, \(count)")
        try check(runs.map { Int64($0) << 33 | 5 }, mask: mask, offset: offset, on: queue, "Int64, \(count)")
        try check(runs.map { UInt64.max - UInt64($0) }, mask: mask, offset: offset, on: queue, "UInt64, \(count)")
        guard device.supportsDoublePrecision else { return }
        let doubles = (0..<count).map { $0 % 50 < 10 ? Double(special[$0 % 50]) : Double(runs[$0]) / 3 }
        try check(doubles, mask: mask, offset: offset, on: queue, "Double, \(count)")
    }
}
