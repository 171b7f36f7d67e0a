import Foundation
import SwiftCL
@testable import SwiftCLArrays
import SwiftCLTestSupport
import Testing

/// The placement of compaction, partition and unique a vector at a time (AVX-512's compress or AVX2's permute, where
/// the device's compiler targets them) against the element-by-element walk and a host reference, byte for byte.
@Suite("Placement a vector at a time (CPU devices: AVX-512, AVX2) equals the walk and the host")
struct VectorPlacementTests {
    /// The host CPU's feature flags (PoCL's CPU device compiles for them).
    static let hostFlags: Set<String> = {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
              let flags = info.split(separator: "\n").first(where: { $0.hasPrefix("flags") }) else { return [] }
        return Set(flags.split(separator: " ").map(String.init))
    }()

    @Test("each host gets the widest path its CPU has, for 4- and 8-byte elements only, and never more than allowed",
          arguments: TestDevices.all)
    func route(device: Device) throws {
        let queue = try makeQueue(device)
        let pocl = device.type.contains(.cpu) && device.platform.name.contains("Portable")
        let avx2 = pocl && Self.hostFlags.contains("avx2")
        let avx512 = pocl && Self.hostFlags.contains("avx512f") && Self.hostFlags.contains("avx512vl")
        for type in ["int", "uint", "float", "long", "ulong", "double"] where type != "double" || device.supportsDoublePrecision {
            let plan = PlacementPlan(type: type, pragma: type == "double" ? "#pragma OPENCL EXTENSION cl_khr_fp64 : enable" : "",
                                     selection: .distinctFromPrevious, partition: false, device: device)
            #expect(try plan.vectorPath(on: queue) == (avx512 ? .compress : avx2 ? .permute : .walk), "\(type) on \(device.name)")
            var narrowed = plan
            narrowed.vectorPlacement = .permute
            #expect(try narrowed.vectorPath(on: queue) == (avx2 ? .permute : .walk), "\(type), the permute at most")
            narrowed.vectorPlacement = .walk
            #expect(try narrowed.vectorPath(on: queue) == .walk, "\(type), turned off")
        }
        for type in ["char", "uchar", "short", "ushort"] {
            let plan = PlacementPlan(type: type, pragma: "", selection: .mask, partition: true, device: device)
            #expect(try plan.vectorPath(on: queue) == .walk, "\(type) has no vector placement")
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
        for placement in PlacementPlan.VectorPlacement.allCases {
            let route = "\(context), \(placement)"
            let (compacted, keptCount) = try x.placed(by: m, rejectedToo: false, name: "compact", vectorPlacement: placement)
            let compactedBytes = bytes(try compacted.toArray())
            #expect(keptCount == kept.count && compactedBytes == bytes(kept), "compacted: \(route)")
            let (partitioned, _) = try x.placed(by: m, rejectedToo: true, name: "partition", vectorPlacement: placement)
            let partitionedBytes = bytes(try partitioned.toArray())
            #expect(partitionedBytes == bytes(kept + rejected), "partitioned: \(route)")
            let (uniqued, distinctCount) = try x.placed(by: nil, rejectedToo: false, name: "unique", vectorPlacement: placement)
            let uniquedBytes = bytes(try uniqued.toArray())
            #expect(distinctCount == distinct.count && uniquedBytes == bytes(distinct), "uniqued: \(route)")
            // Into a given array in one pass, blocks crossing vectors and tiles; nothing past the kept ones is written.
            let fill = values.last ?? values[0]
            for block in [5, 16, 37, 4_096] {
                for (selection, reference) in [(m as DeviceArray<UInt8>?, kept), (nil, distinct)] {
                    let out = try DeviceArray<T>.filled(with: fill, shape: [n + 1], on: queue)
                    let (_, count) = try x.placed(by: selection, rejectedToo: false, name: selection == nil ? "unique" : "compact",
                                                  into: try out[0..<n], onePassBlock: block, vectorPlacement: placement)
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
