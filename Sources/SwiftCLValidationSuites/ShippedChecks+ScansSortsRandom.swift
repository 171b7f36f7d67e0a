import SwiftCL
import SwiftCLArrays
import SwiftCLValidation

/// The scan, sort and random-number kernels of SwiftCLArrays as checks, so `swiftcl validate` compares them with host
/// references and `--memcheck` runs them under Oclgrind. Scans and sorts run in both of their layouts (the CPU one
/// and the GPU one, whose work-groups share local memory), whatever the device is. Integer results are exact.
extension ShippedChecks {
    static func scansSortsRandom(_ lengths: [ImageProblem]) -> [KernelCheck] {
        [
            KernelCheck(name: "arrays/scans", sizes: lengths, tolerance: .exact) { queue, size, _ in
                let n = size.pixels
                let x = (0..<n).map { Int32(($0 * 7919) % 13) - 6 }
                let starts = (0..<n).map { UInt8($0 % 5 == 2 ? 1 : 0) }
                let dx = try DeviceArray(x, on: queue), ds = try DeviceArray(starts, on: queue)
                var outputs: [KernelCheck.Outcome.Output] = []
                for local in [nil, 4] as [Int?] {
                    let layout = local == nil ? "device layout" : "groups of \(local!)"
                    outputs.append(.init("inclusive, \(layout)", actual: try dx.prefixSums(.inclusive, segmentStarts: nil, localSize: local).toArray(),
                                         expected: hostScan(x, inclusive: true)))
                    outputs.append(.init("segmented exclusive, \(layout)",
                                         actual: try dx.prefixSums(.exclusive, segmentStarts: ds, localSize: local).toArray(),
                                         expected: hostScan(x, inclusive: false, starts: starts)))
                }
                let mask = try (dx .> 0).evaluated()
                outputs.append(.init("compacted", actual: try dx.compacted(where: mask).toArray(), expected: x.filter { $0 > 0 }))
                var counts = [UInt32](repeating: 0, count: 8)
                for v in x where v >= 0 && v < 8 { counts[Int(v)] += 1 }
                outputs.append(.init("histogram", actual: try dx.histogram(bins: 8).toArray(), expected: counts))
                return KernelCheck.Outcome(outputs: outputs)
            },
            KernelCheck(name: "arrays/sort", sizes: lengths, tolerance: .exact) { queue, size, _ in
                let n = size.pixels
                let keys = (0..<n).map { UInt32(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 9) % 50 }
                let order = keys.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
                let dk = try DeviceArray(keys, on: queue), indices = try DeviceArray<UInt32>.arange(count: n, on: queue)
                var outputs: [KernelCheck.Outcome.Output] = []
                for gpuLayout in [false, true] {
                    let pair = try dk.sort(descending: false, significantBits: nil, values: indices, gpuLayout: gpuLayout)
                    let layout = gpuLayout ? "GPU layout" : "device layout"
                    outputs.append(.init("keys, \(layout)", actual: try pair.keys.toArray(), expected: order.map { keys[$0] }))
                    outputs.append(.init("values, \(layout)", actual: try pair.values?.toArray() ?? [], expected: order.map { UInt32($0) }))
                }
                let floats = keys.map { Float($0) - 24.5 }
                outputs.append(.init("float keys, descending", actual: try DeviceArray(floats, on: queue).sorted(descending: true).toArray(),
                                     expected: floats.sorted(by: >)))
                return KernelCheck.Outcome(outputs: outputs)
            },
            KernelCheck(name: "arrays/random", sizes: lengths, tolerance: .exact) { queue, size, _ in
                var generator = Philox(seed: 42, stream: 3)
                let expected = generator.uniformHostReference(count: size.pixels, as: Float.self)
                let uniform: DeviceArray<Float> = try generator.uniform(shape: [size.pixels], on: queue)
                let dice: DeviceArray<Int32> = try generator.uniform(in: 1...6, shape: [size.pixels], on: queue)
                let diceOK = try dice.toArray().allSatisfy { (1...6).contains($0) }
                var fast = ChaCha8(seed: 42, stream: 3)
                let fastExpected = fast.uniformHostReference(count: size.pixels, as: Float.self)
                let fastUniform: DeviceArray<Float> = try fast.uniform(shape: [size.pixels], on: queue)
                return KernelCheck.Outcome(outputs: [
                    .init("uniform", actual: try uniform.toArray(), expected: expected),
                    .init("uniform (ChaCha8)", actual: try fastUniform.toArray(), expected: fastExpected),
                    .init("dice in 1...6", actual: [diceOK ? 1 : 0] as [Int32], expected: [1]),
                ])
            },
        ]
    }

    /// Host prefix sums in wrapping arithmetic, restarting where `starts` is nonzero.
    private static func hostScan(_ x: [Int32], inclusive: Bool, starts: [UInt8]? = nil) -> [Int32] {
        var out: [Int32] = [], acc: Int32 = 0
        for (i, v) in x.enumerated() {
            if starts?[i] ?? 0 != 0 { acc = 0 }
            if inclusive { acc &+= v; out.append(acc) } else { out.append(acc); acc &+= v }
        }
        return out
    }
}
