import SwiftCL
import SwiftCLArrays
import SwiftCLTestSupport
import Testing

@Suite("argmin, argmax and reductions along an axis")
struct IndexAndAxisReductionTests {
    @Test("argmin/argmax find the first extreme position; NaNs never win; empty arrays are refused",
          arguments: TestDevices.all, [1, 7, 1023, 4097, (1 << 20) + 3])
    func indices(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        var values = (0..<count).map { Float(($0 * 7919) % 1009) }
        if count > 5 { values[count - 1] = -5; values[count / 2] = -5; values[3] = .nan }   // a tie and a NaN
        let array = try DeviceArray(values, on: queue)
        let finite = values.enumerated().filter { !$0.element.isNaN }
        let expectedMin = finite.min { $0.element < $1.element || ($0.element == $1.element && $0.offset < $1.offset) }!.offset
        let expectedMax = finite.min { $0.element > $1.element || ($0.element == $1.element && $0.offset < $1.offset) }!.offset
        #expect(try array.argmin() == expectedMin)
        #expect(try array.argmax() == expectedMax)
        let ints = try DeviceArray((0..<count).map { Int32(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 3) }, on: queue)
        let host = try ints.toArray()
        #expect(try ints.argmax() == host.firstIndex(of: host.max()!))
        #expect((thrownError { _ = try DeviceArray<Float>([], on: queue).argmin() } as? ArrayError)?.code == .emptyReduction)
    }

    @Test("argmin/argmax of every element width: ties across lanes and sub-chunks give the first, -∞ and all-NaN arrays",
          arguments: TestDevices.all, [1, 17, 1000, 65_537, (1 << 20) + 5])
    func indicesEveryWidth(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        func check<T: ArrayElement & Comparable>(_ values: [T], _ what: String) throws {
            let array = try DeviceArray(values, on: queue)
            #expect(try array.argmax() == values.firstIndex(of: values.max()!), "\(T.self) \(what) argmax, \(count)")
            #expect(try array.argmin() == values.firstIndex(of: values.min()!), "\(T.self) \(what) argmin, \(count)")
        }
        // Few distinct values: the extremes recur in many lanes and every sub-chunk.
        let pattern = (0..<count).map { ($0 &* 7_919) % 13 }
        try check(pattern.map { Double($0) - 6 }, "ties")
        try check(pattern.map { Int64($0) - 6 }, "ties")
        try check(pattern.map { UInt32($0) }, "ties")
        try check(pattern.map { Int8($0) - 6 }, "ties")
        try check(pattern.map { Int16($0) - 6 }, "ties")
        try check(pattern.map { Float($0) }.reversed(), "reversed ties")
        let minusInfinity = [Float](repeating: -.infinity, count: count)
        #expect(try DeviceArray(minusInfinity, on: queue).argmax() == 0)
        #expect(try DeviceArray([Double](repeating: .nan, count: count), on: queue).argmin() == 0, "all NaN: the first")
        // One infinity among NaNs, past the blocks that come first in its lane: it is the extreme, though every block
        // before it held nothing better than it.
        let planted = count * 3 / 4
        var nansAndOne = [Float](repeating: .nan, count: count)
        nansAndOne[planted] = -.infinity
        #expect(try DeviceArray(nansAndOne, on: queue).argmax() == planted, "-∞ among NaNs, \(count)")
        nansAndOne[planted] = .infinity
        #expect(try DeviceArray(nansAndOne.map(Double.init), on: queue).argmin() == planted, "+∞ among NaNs, \(count)")
    }

    @Test("argmin/argmax find one planted extreme at block and lane edges, behind NaN-led blocks and repeats of it",
          arguments: TestDevices.all, [257, 4099, 65_537])
    func plantedExtremes(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let base = (0..<count).map { Float(($0 &* 7_919) % 1_000) * 0.001 }
        for position in Set([0, 1, 7, 8, 15, 16, 17, 63, 64, 127, 128, 129, count / 4, count / 2 + 3, count - 2, count - 1]) where position < count {
            var values = base
            values[position] = 5
            // A later repeat of the extreme and NaNs leading the blocks around it: the first position still wins.
            if position + 40 < count { values[position + 40] = 5 }
            for nan in stride(from: 0, to: count, by: 128) where nan != position && nan != position + 40 { values[nan] = .nan }
            let array = try DeviceArray(values, on: queue)
            #expect(try array.argmax() == position, "Float argmax planted at \(position) of \(count)")
            let negated = try DeviceArray(values.map { -$0 }, on: queue)
            #expect(try negated.argmin() == position, "Float argmin planted at \(position) of \(count)")
            let ints = try DeviceArray(values.map { $0.isNaN ? Int64(-1) : Int64($0 * 1_000) }, on: queue)
            #expect(try ints.argmax() == position, "Int64 argmax planted at \(position) of \(count)")
        }
    }

    @Test("sum, min and max along each axis match the host for awkward shapes", arguments: TestDevices.all)
    func axes(device: Device) throws {
        let queue = try makeQueue(device)
        for (rows, columns) in [(1, 1), (3, 5), (7, 1), (1, 9), (17, 33), (1000, 3), (0, 4)] {
            let host = (0..<(rows * columns)).map { Float(($0 * 31) % 97) * 0.5 - 20 }
            let matrix = try DeviceArray(host, shape: [rows, columns], on: queue)
            let columnSums = (0..<columns).map { c in (0..<rows).reduce(Float(0)) { $0 + host[$1 * columns + c] } }
            let rowSums = (0..<rows).map { r in host[(r * columns)..<((r + 1) * columns)].reduce(0, +) }
            #expect(try matrix.sum(axis: 0).toArray() == columnSums, "\(rows)×\(columns) axis 0")
            #expect(try matrix.sum(axis: 1).toArray() == rowSums, "\(rows)×\(columns) axis 1")
            if rows > 0 {
                #expect(try matrix.max(axis: 0).toArray() == (0..<columns).map { c in (0..<rows).map { host[$0 * columns + c] }.max()! })
                #expect(try matrix.min(axis: 1).toArray() == (0..<rows).map { r in host[(r * columns)..<((r + 1) * columns)].min()! })
            } else {
                #expect((thrownError { _ = try matrix.min(axis: 0) } as? ArrayError)?.code == .emptyReduction)
            }
        }
        let ints = try DeviceArray((0..<12).map { Int64($0) }, shape: [3, 4], on: queue)
        #expect(try ints.sum(axis: 0).toArray() == [12, 15, 18, 21])
        #expect(try ints.max(axis: 1).toArray() == [3, 7, 11])
        #expect((thrownError { _ = try ints.sum(axis: 2) } as? ArrayError)?.code == .invalidShape)
        #expect((thrownError { _ = try ints.sum(axis: -3) } as? ArrayError)?.code == .invalidShape)
        #expect((thrownError { _ = try ints.reshaped([12]).sum(axis: 0) } as? ArrayError)?.code == .invalidShape)
        #expect(try ints.sum(axis: -1).toArray() == [6, 22, 38], "−1 is the last axis")
    }

    /// The lines of a row-major array of `shape` along `axis`, in the order of the result's elements (NumPy's).
    static func lines<T>(_ values: [T], shape: [Int], axis: Int) -> [[T]] {
        let stride: Int = shape[(axis + 1)...].reduce(1, *), length = shape[axis]
        let outputs: Int = shape.indices.filter { $0 != axis }.reduce(1) { (product: Int, d: Int) -> Int in product * shape[d] }
        return (0..<outputs).map { (o: Int) -> [T] in
            let start = (o / stride) * (length * stride) + o % stride
            return (0..<length).map { values[start + $0 * stride] }
        }
    }

    @Test("sum, min, max, argmax, dot and counts along every axis of 3-D and 4-D arrays, negative axes too, like NumPy's",
          arguments: TestDevices.all)
    func higherRanks(device: Device) throws {
        let queue = try makeQueue(device)
        for shape in [[2, 3, 4], [1, 5, 1], [3, 1, 7], [4, 1, 3, 2], [2, 3, 2, 5], [3, 0, 2]] {
            let n = shape.reduce(1, *)
            let host: [Float] = (0..<n).map { Float(($0 * 37) % 23) - 11 }   // small integers: sums are exact
            let other: [Float] = (0..<n).map { Float(($0 * 5) % 7) - 3 }
            let array = try DeviceArray(host, shape: shape, on: queue), second = try DeviceArray(other, shape: shape, on: queue)
            let mask = try (array .> 0).evaluated()
            for axis in shape.indices {
                var resultShape = shape
                resultShape.remove(at: axis)
                let label = "\(shape) axis \(axis)"
                let lines = Self.lines(host, shape: shape, axis: axis), otherLines = Self.lines(other, shape: shape, axis: axis)
                let sum = try array.sum(axis: axis)
                #expect(sum.shape == resultShape, "\(label) sum's shape")
                #expect(try sum.toArray() == lines.map { $0.reduce(0, +) }, "\(label) sum")
                #expect(try array.sum(axis: axis - shape.count).toArray() == lines.map { $0.reduce(0, +) }, "\(label) as \(axis - shape.count)")
                #expect(try array.dot(second, axis: axis).toArray() == zip(lines, otherLines).map { zip($0, $1).reduce(0) { $0 + $1.0 * $1.1 } },
                        "\(label) dot")
                #expect(try mask.nonzeroCount(axis: axis).toArray() == lines.map { Int64($0.filter { $0 > 0 }.count) }, "\(label) counts")
                if shape[axis] > 0 {
                    #expect(try array.max(axis: axis).toArray() == lines.map { $0.max()! }, "\(label) max")
                    #expect(try array.min(axis: axis).toArray() == lines.map { $0.min()! }, "\(label) min")
                    let firstLargest = lines.map { line in Int64(line.firstIndex(of: line.max()!)!) }
                    let argmax = try array.argmax(axis: axis)
                    #expect(argmax.shape == resultShape, "\(label) argmax's shape")
                    #expect(try argmax.toArray() == firstLargest, "\(label) argmax")
                } else {
                    #expect((thrownError { _ = try array.max(axis: axis) } as? ArrayError)?.code == .emptyReduction, "\(label) empty max")
                }
            }
        }
    }

    @Test("product, dot and norm along each axis match the host; mismatched shapes and integer norms are refused",
          arguments: TestDevices.all)
    func moreAxes(device: Device) throws {
        let queue = try makeQueue(device)
        for (rows, columns) in [(1, 1), (3, 5), (7, 1), (1, 9), (17, 33), (0, 4)] {
            let a: [Double] = (0..<(rows * columns)).map { Double(($0 * 7) % 5) * 0.5 + 0.5 }
            let b: [Double] = (0..<(rows * columns)).map { Double(($0 * 3) % 4) - 1.5 }
            let da = try DeviceArray(a, shape: [rows, columns], on: queue), db = try DeviceArray(b, shape: [rows, columns], on: queue)
            func column(_ values: [Double], _ c: Int) -> [Double] { (0..<rows).map { values[$0 * columns + c] } }
            func row(_ values: [Double], _ r: Int) -> [Double] { Array(values[(r * columns)..<((r + 1) * columns)]) }
            func dot(_ x: [Double], _ y: [Double]) -> Double { zip(x, y).reduce(0) { $0 + $1.0 * $1.1 } }
            func close(_ got: [Double], _ want: [Double]) -> Bool {
                got.count == want.count && zip(got, want).allSatisfy { abs($0 - $1) <= 1e-12 * Swift.max(1, abs($1)) }
            }
            let label = "\(rows)×\(columns)"
            #expect(close(try da.product(axis: 0).toArray(), (0..<columns).map { column(a, $0).reduce(1, *) }), "\(label) product 0")
            #expect(close(try da.product(axis: 1).toArray(), (0..<rows).map { row(a, $0).reduce(1, *) }), "\(label) product 1")
            #expect(close(try da.dot(db, axis: 0).toArray(), (0..<columns).map { dot(column(a, $0), column(b, $0)) }), "\(label) dot 0")
            #expect(close(try da.dot(db, axis: 1).toArray(), (0..<rows).map { dot(row(a, $0), row(b, $0)) }), "\(label) dot 1")
            #expect(close(try db.norm(axis: 1).toArray(), (0..<rows).map { dot(row(b, $0), row(b, $0)).squareRoot() }), "\(label) norm 1")
            #expect(close(try db.norm(axis: 0).toArray(), (0..<columns).map { dot(column(b, $0), column(b, $0)).squareRoot() }), "\(label) norm 0")
        }
        let ints = try DeviceArray((1...12).map { Int32($0) }, shape: [3, 4], on: queue)
        #expect(try ints.product(axis: 1).toArray() == [24, 1680, 11880])
        #expect(try ints.dot(ints, axis: 0).toArray() == [107, 140, 179, 224] as [Int32], "1²+5²+9², 2²+6²+10², …")
        #expect((thrownError { _ = try ints.norm(axis: 0) } as? ArrayError)?.code == .unsupportedElement)
        let other = try DeviceArray((1...12).map { Int32($0) }, shape: [4, 3], on: queue)
        let mismatch = thrownError { _ = try ints.dot(other, axis: 0) } as? ArrayError
        #expect(mismatch?.code == .shapeMismatch && mismatch.map { "\($0)".contains("[3, 4]") && "\($0)".contains("[4, 3]") } == true)
        #expect(try ints.sum(axis: 0).toArray() == [15, 18, 21, 24], "still usable after the refusals")
    }

    @Test("argmin/argmax along each axis: first of a tie, NaNs never win, an empty axis is refused", arguments: TestDevices.all)
    func indexAlongAxes(device: Device) throws {
        let queue = try makeQueue(device)
        for (rows, columns) in [(1, 1), (3, 5), (7, 1), (1, 9), (17, 33)] {
            let host: [Float] = (0..<(rows * columns)).map { Float(($0 * 29) % 13) - 6 }   // repeats values: ties
            let m = try DeviceArray(host, shape: [rows, columns], on: queue)
            func firstIndex(_ line: [Float], _ better: (Float, Float) -> Bool) -> Int64 {
                var best = 0
                for k in line.indices where better(line[k], line[best]) { best = k }
                return Int64(best)
            }
            let columnsOf: [[Float]] = (0..<columns).map { c in (0..<rows).map { host[$0 * columns + c] } }
            let rowsOf: [[Float]] = (0..<rows).map { r in Array(host[(r * columns)..<((r + 1) * columns)]) }
            #expect(try m.argmin(axis: 0).toArray() == columnsOf.map { firstIndex($0, <) }, "\(rows)×\(columns) argmin 0")
            #expect(try m.argmax(axis: 1).toArray() == rowsOf.map { firstIndex($0, >) }, "\(rows)×\(columns) argmax 1")
        }
        let withNaN = try DeviceArray<Float>([.nan, 3, 1, .nan, .nan, .nan, 2, .nan, 5], shape: [3, 3], on: queue)
        #expect(try withNaN.argmin(axis: 1).toArray() == [2, 0, 0], "NaNs skipped; an all-NaN row gives 0")
        #expect(try withNaN.argmax(axis: 0).toArray() == [2, 0, 2])
        let ints = try DeviceArray<Int32>([4, 9, 9, 1], shape: [2, 2], on: queue)
        #expect(try ints.argmax(axis: 1).toArray() == [1, 0] && (try ints.argmin(axis: 0).toArray()) == [0, 1])
        let empty = try DeviceArray<Float>([], shape: [0, 3], on: queue)
        #expect((thrownError { _ = try empty.argmin(axis: 0) } as? ArrayError)?.code == .emptyReduction)
        #expect(try empty.argmin(axis: 1).toArray().isEmpty, "no rows, no outputs")
    }

    @Test("counts, any and all along each axis of a mask match the host", arguments: TestDevices.all)
    func masksAlongAxes(device: Device) throws {
        let queue = try makeQueue(device)
        for (rows, columns) in [(1, 1), (3, 5), (300, 2), (2, 300), (0, 4), (4, 0)] {
            let values: [Int32] = (0..<(rows * columns)).map { Int32(($0 * 7) % 5) - 2 }
            let mask = try (try DeviceArray(values, shape: [rows, columns], on: queue) .> 0).evaluated()
            let flags: [UInt8] = values.map { $0 > 0 ? 1 : 0 }
            let columnCounts: [Int64] = (0..<columns).map { c in Int64((0..<rows).filter { flags[$0 * columns + c] != 0 }.count) }
            let rowCounts: [Int64] = (0..<rows).map { r in Int64((0..<columns).filter { flags[r * columns + $0] != 0 }.count) }
            let label = "\(rows)×\(columns)"
            #expect(try mask.nonzeroCount(axis: 0).toArray() == columnCounts, "\(label) counts 0")
            #expect(try mask.nonzeroCount(axis: 1).toArray() == rowCounts, "\(label) counts 1")
            #expect(try mask.any(axis: 1).toArray() == rowCounts.map { $0 > 0 ? 1 : 0 }, "\(label) any 1")
            #expect(try mask.all(axis: 0).toArray() == columnCounts.map { $0 == Int64(rows) ? 1 : 0 }, "\(label) all 0")
        }
        let big = try DeviceArray<UInt8>.filled(with: 1, shape: [1000, 2], on: queue)
        #expect(try big.nonzeroCount(axis: 0).toArray() == [1000, 1000], "counts past 255 are exact")
    }
}
