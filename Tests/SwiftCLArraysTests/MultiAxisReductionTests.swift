import SwiftCL
@testable import SwiftCLArrays
import SwiftCLTestSupport
import Testing

/// Reductions over several axes at once (NumPy's `axis=(0, 2)`) against the host, for every non-empty set of axes of
/// a few shapes, named in any order and negatively.
@Suite("Reductions over several axes at once")
struct MultiAxisReductionTests {
    /// The elements of each output of a reduction of `shape` over `axes`, in the result's (row-major) order.
    static func groups<T>(_ values: [T], shape: [Int], axes: Set<Int>) -> [[T]] {
        let kept = shape.indices.filter { !axes.contains($0) }
        let outputs = kept.reduce(1) { $0 * shape[$1] }
        var result = [[T]](repeating: [], count: outputs)
        for (index, value) in values.enumerated() {
            var rest = index, output = 0, scale = 1
            for dimension in shape.indices.reversed() {
                let coordinate = rest % shape[dimension]
                rest /= shape[dimension]
                if !axes.contains(dimension) { output += coordinate * scale; scale *= shape[dimension] }
            }
            result[output].append(value)
        }
        return result
    }

    /// Every non-empty subset of `0..<rank`.
    static func subsets(of rank: Int) -> [[Int]] {
        (1..<(1 << rank)).map { mask in (0..<rank).filter { mask & (1 << $0) != 0 } }
    }

    @Test("sum, min, max, product, mean, counts, any and all over every set of axes match the host", arguments: TestDevices.all)
    func everySet(device: Device) throws {
        let queue = try makeQueue(device)
        for shape in [[5], [6, 7], [2, 3, 4], [4, 1, 3, 2], [3, 0, 2], [2, 17, 3, 5]] {
            let n = shape.reduce(1, *)
            let host = (0..<n).map { Float(($0 &* 7_919) % 17 - 8) }
            let mask = (0..<n).map { ($0 &* 31) % 5 < 2 ? UInt8(0) : 1 }
            let x = try DeviceArray(host, shape: shape, on: queue), m = try DeviceArray(mask, shape: shape, on: queue)
            for axes in Self.subsets(of: shape.count) {
                // Named backwards and, for the first, negatively: the order and the sign do not matter.
                let named = axes.reversed().enumerated().map { $0.offset == 0 ? $0.element - shape.count : $0.element }
                let label = "\(shape) over \(named)", lines = Self.groups(host, shape: shape, axes: Set(axes))
                let keptShape = shape.indices.filter { !axes.contains($0) }.map { shape[$0] }
                let sum = try x.sum(axes: named)
                #expect(sum.shape == keptShape, "\(label) shape")
                #expect(try sum.toArray() == lines.map { $0.reduce(0, +) }, "\(label) sum")
                #expect(try x.product(axes: named).toArray() == lines.map { $0.reduce(1, *) }, "\(label) product")
                let maskLines = Self.groups(mask, shape: shape, axes: Set(axes))
                #expect(try m.nonzeroCount(axes: named).toArray() == maskLines.map { Int64($0.filter { $0 != 0 }.count) }, "\(label) counts")
                #expect(try m.any(axes: named).toArray() == maskLines.map { $0.contains(1) ? 1 : 0 }, "\(label) any")
                #expect(try m.all(axes: named).toArray() == maskLines.map { $0.allSatisfy { $0 == 1 } ? 1 : 0 }, "\(label) all")
                guard lines.allSatisfy({ !$0.isEmpty }) else {
                    if !lines.isEmpty { #expect(throws: ArrayError.self, "\(label) max of empty groups") { _ = try x.max(axes: named) } }
                    continue
                }
                #expect(try x.min(axes: named).toArray() == lines.map { $0.min()! }, "\(label) min")
                #expect(try x.max(axes: named).toArray() == lines.map { $0.max()! }, "\(label) max")
                let means = try x.mean(axes: named).toArray()
                #expect(zip(means, lines).allSatisfy { abs(Double($0) - StatisticsTests.reference($1).mean) <= 1e-6 }, "\(label) mean")
                let neighbours = axes.last! - axes.first! + 1 == axes.count
                if neighbours {
                    let variances = try x.variance(axes: named).toArray()
                    #expect(zip(variances, lines).allSatisfy { abs(Double($0) - StatisticsTests.reference($1).variance) <= 1e-4 }, "\(label) variance")
                } else {
                    #expect((thrownError { _ = try x.variance(axes: named) } as? ArrayError)?.code == .invalidArgument, "\(label) separated")
                }
            }
        }
    }

    @Test("refusals: no axes, an axis named twice (also as its negative), one outside the shape; the array stays usable",
          arguments: TestDevices.all)
    func refusals(device: Device) throws {
        let queue = try makeQueue(device)
        let x = try DeviceArray((0..<24).map { Float($0) }, shape: [2, 3, 4], on: queue)
        #expect((thrownError { _ = try x.sum(axes: []) } as? ArrayError)?.code == .invalidShape)
        #expect((thrownError { _ = try x.sum(axes: [1, 1]) } as? ArrayError)?.code == .invalidShape)
        #expect((thrownError { _ = try x.sum(axes: [2, -1]) } as? ArrayError)?.code == .invalidShape)
        #expect((thrownError { _ = try x.max(axes: [0, 3]) } as? ArrayError)?.code == .invalidShape)
        #expect((thrownError { _ = try x.mean(axes: [-4]) } as? ArrayError)?.code == .invalidShape)
        #expect(try x.sum(axes: [0, 2]).toArray() == [60, 92, 124])
        let all = try x.sum(axes: [2, 0, 1])
        #expect(all.shape == [])
        #expect(try all.toArray() == [276])
    }
}
