import SwiftCL
import SwiftCLArrays
import SwiftCLTestSupport
import Testing

/// NaN in min, max, argmin and argmax (issue 63): PyOpenCL's skip by default, NumPy's first-NaN-wins on request,
/// checked against both libraries' rules on the host.
@Suite("NaN handling in extrema")
struct NaNHandlingTests {
    /// NumPy's answers: `np.argmax` / `np.max` (propagate) and `np.nanargmax` / `np.nanmax` (skip; 0 / NaN when all NaN).
    static func expected<T: BinaryFloatingPoint>(_ values: [T], maximum: Bool, nan: NaNHandling) -> (index: Int, value: T) {
        if nan == .propagate, let first = values.firstIndex(where: \.isNaN) { return (first, values[first]) }
        var best: Int?
        for (index, value) in values.enumerated() where !value.isNaN {
            guard let current = best else { best = index; continue }
            if maximum ? value > values[current] : value < values[current] { best = index }
        }
        return best.map { ($0, values[$0]) } ?? (0, .nan)
    }

    @Test("float and double, NaN first, in the middle, last, everywhere or nowhere; sizes 1, odd and large",
          arguments: TestDevices.all, [1, 7, 1000, (1 << 20) + 3])
    func extrema(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        func check<T: ArrayElement & BinaryFloatingPoint>(_: T.Type) throws {
            let base = (0..<count).map { T(($0 * 7919) % 1009) - 500 }
            let placements: [(String, [Int])] = [("none", []), ("first", [0]), ("middle", [count / 2]), ("last", [count - 1]),
                                                 ("several", [count - 1, count / 3, count / 2]), ("all", Array(0..<count))]
            for (name, positions) in placements {
                var values = base
                for position in positions { values[position] = .nan }
                let array = try DeviceArray(values, on: queue)
                for nan in NaNHandling.allCases {
                    for maximum in [true, false] {
                        let (index, value) = Self.expected(values, maximum: maximum, nan: nan)
                        let label = "\(T.self) \(count) NaN \(name) \(nan) \(maximum ? "max" : "min")"
                        #expect(try (maximum ? array.argmax(nan: nan) : array.argmin(nan: nan)) == index, "\(label)")
                        let got = try maximum ? array.max(nan: nan) : array.min(nan: nan)
                        #expect(got == value || (got.isNaN && value.isNaN), "\(label): \(got) against \(value)")
                    }
                }
                // The default is skip: the same as before and as PyOpenCL.
                #expect(try array.argmax() == array.argmax(nan: .skip))
            }
        }
        try check(Float.self)
        if device.supportsDoublePrecision { try check(Double.self) }
    }

    @Test("integers hold no NaN: both policies give the plain answer", arguments: TestDevices.all)
    func integers(device: Device) throws {
        let queue = try makeQueue(device)
        let values: [Int32] = [4, -9, 12, 12, -9, 0]
        let array = try DeviceArray(values, on: queue)
        for nan in NaNHandling.allCases {
            #expect(try array.argmax(nan: nan) == 2 && array.argmin(nan: nan) == 1)
            #expect(try array.max(nan: nan) == 12 && array.min(nan: nan) == -9)
        }
    }

    @Test("a line of NaNs along an axis gives NaN, not ±∞ (skip), as the whole array does", arguments: TestDevices.all)
    func axisLines(device: Device) throws {
        let queue = try makeQueue(device)
        let nan = Float.nan
        // 3×4: row 1 all NaN, column 2 all NaN.
        let values: [Float] = [1, 5, nan, -2, nan, nan, nan, nan, 7, -3, nan, 4]
        let array = try DeviceArray(values, shape: [3, 4], on: queue)
        let rowsMax = try array.max(axis: 1).toArray(), rowsMin = try array.min(axis: 1).toArray()
        #expect(rowsMax[0] == 5 && rowsMax[1].isNaN && rowsMax[2] == 7, "\(rowsMax)")
        #expect(rowsMin[0] == -2 && rowsMin[1].isNaN && rowsMin[2] == -3, "\(rowsMin)")
        let columnsMax = try array.max(axis: 0).toArray()
        #expect(columnsMax[0] == 7 && columnsMax[1] == 5 && columnsMax[2].isNaN && columnsMax[3] == 4, "\(columnsMax)")
        #expect(try array.max().isNaN == false && array.max() == 7)
    }
}
