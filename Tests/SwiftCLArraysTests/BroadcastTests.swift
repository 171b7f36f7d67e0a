import SwiftCL
@testable import SwiftCLArrays
import SwiftCLTestSupport
import Testing

/// Expressions over arrays of different shapes broadcast NumPy's way, against the same rule on the host.
@Suite("Broadcasting in expressions")
struct BroadcastTests {
    /// `values` of `shape` read at every element of a `result`-shaped array (NumPy's broadcast, computed per element).
    static func expand<T>(_ values: [T], _ shape: [Int], to result: [Int]) -> [T] {
        let padded = Array(repeating: 1, count: result.count - shape.count) + shape
        let count = result.reduce(1, *)
        return (0..<count).map { i in
            var rest = i, index = 0, scale = 1
            for d in result.indices.reversed() {
                let coordinate = rest % result[d]
                rest /= result[d]
                index += (padded[d] == 1 ? 0 : coordinate) * scale
                scale *= padded[d]
            }
            return values[index]
        }
    }

    static let pairs: [([Int], [Int], [Int])] = [
        ([3, 4], [4], [3, 4]), ([3, 4], [3, 1], [3, 4]), ([2, 3, 4], [3, 1], [2, 3, 4]), ([2, 1, 4], [3, 1], [2, 3, 4]),
        ([5, 1, 7], [1, 6, 1], [5, 6, 7]), ([1], [5, 6], [5, 6]), ([4], [1, 1], [1, 4]), ([2, 3, 1, 5], [3, 4, 1], [2, 3, 4, 5]),
        ([3, 1, 4], [2, 1, 1, 4], [2, 3, 1, 4]), ([0, 4], [4], [0, 4]), ([7], [7], [7]), ([1, 1], [1], [1, 1]),
        ([33, 1], [1, 17], [33, 17]), ([2, 1, 3, 1, 5], [4, 1, 6, 1], [2, 4, 3, 6, 5]),
    ]

    @Test("a * 2 + b over shapes that broadcast (to 5-D, with ones between, empty) equals the host's", arguments: TestDevices.all)
    func pairsOfShapes(device: Device) throws {
        let queue = try makeQueue(device)
        for (first, second, result) in Self.pairs {
            let a = (0..<first.reduce(1, *)).map { Float($0 % 13) - 6 }, b = (0..<second.reduce(1, *)).map { Float($0 % 7) * 0.5 }
            let da = try DeviceArray(a, shape: first, on: queue), db = try DeviceArray(b, shape: second, on: queue)
            let want = zip(Self.expand(a, first, to: result), Self.expand(b, second, to: result)).map { $0 * 2 + $1 }
            let got = try (da * 2 + db).evaluated()
            #expect(got.shape == result, "\(first) with \(second)")
            #expect(try got.toArray() == want, "\(first) with \(second)")
            // The other order, and into an existing array of the result's shape.
            let target = try DeviceArray<Float>(uninitializedShape: result, on: queue)
            try target.assign(db + da * 2)
            #expect(try target.toArray() == want, "\(second) with \(first), assigned")
        }
    }

    @Test("NumPy's idioms: centring columns and rows, an outer sum of one array seen in two shapes, a broadcast mask's count",
          arguments: TestDevices.all)
    func idioms(device: Device) throws {
        let queue = try makeQueue(device)
        let host = (0..<35).map { Float(($0 * 7) % 11) }
        let m = try DeviceArray(host, shape: [5, 7], on: queue)
        let columnMeans: [Float] = (0..<7).map { (c: Int) -> Float in
            (0..<5).reduce(Float(0)) { (sum: Float, r: Int) -> Float in sum + host[r * 7 + c] } / 5
        }
        let rowMeans: [Float] = (0..<5).map { (r: Int) -> Float in
            (0..<7).reduce(Float(0)) { (sum: Float, c: Int) -> Float in sum + host[r * 7 + c] } / 7
        }
        let centred = try (m - (try m.mean(axis: 0))).evaluated().toArray()
        let wantColumns: [Float] = (0..<35).map { (i: Int) -> Float in host[i] - columnMeans[i % 7] }
        #expect(zip(centred, wantColumns).allSatisfy { (got: Float, want: Float) -> Bool in abs(got - want) <= 1e-5 })
        let rows = try (m - (try m.mean(axis: 1).reshaped([5, 1]))).evaluated().toArray()
        let wantRows: [Float] = (0..<35).map { (i: Int) -> Float in host[i] - rowMeans[i / 7] }
        #expect(zip(rows, wantRows).allSatisfy { (got: Float, want: Float) -> Bool in abs(got - want) <= 1e-5 })
        let v = try DeviceArray((0..<6).map { Float($0) }, on: queue)
        let outer = try (v + v.reshaped([6, 1])).evaluated()
        #expect(outer.shape == [6, 6])
        let wantOuter: [Float] = (0..<36).map { (i: Int) -> Float in Float(i % 6 + i / 6) }
        #expect(try outer.toArray() == wantOuter)
        let above: Int = (0..<35).filter { (i: Int) -> Bool in host[i] > columnMeans[i % 7] }.count
        #expect(try (m .> (try m.mean(axis: 0))).nonzeroCount() == above)
    }

    @Test("shapes that do not broadcast, and a broadcast result assigned to another shape, are refused naming the shapes")
    func refusals() throws {
        let queue = try makeQueue(try #require(TestDevices.all.first))
        let a = try DeviceArray<Float>.filled(with: 1, shape: [3, 4], on: queue), b = try DeviceArray<Float>.filled(with: 2, shape: [3], on: queue)
        let error = thrownError { _ = try (a + b).evaluated() } as? ArrayError
        #expect(error?.code == .shapeMismatch)
        #expect(error?.message.contains("[3, 4]") == true && error?.message.contains("[3]") == true)
        let row = try DeviceArray<Float>.filled(with: 2, shape: [4], on: queue)
        #expect((thrownError { try row.assign(a + row) } as? ArrayError)?.code == .shapeMismatch)
        #expect(try (a + row).evaluated().toArray() == Array(repeating: 3, count: 12), "the arrays stay usable")
    }
}
