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
        #expect((thrownError { _ = try ints.reshaped([12]).sum(axis: 0) } as? ArrayError)?.code == .invalidShape)
    }
}
