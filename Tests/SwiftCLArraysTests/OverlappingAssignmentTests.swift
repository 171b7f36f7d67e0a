import SwiftCL
import SwiftCLArrays
import SwiftCLTestSupport
import Testing

/// Issue 40: an output that overlaps an input without being it gives NumPy's answer (every element reads the values
/// from before the operation), at every size and shift.
@Suite("Assignments over overlapping views")
struct OverlappingAssignmentTests {
    @Test("x[s...].assign(x[..<(n − s)] + 1) and the reverse shift equal the host, prefix sums into a shifted view too",
          arguments: TestDevices.all, [1, 2, 7, 33, 4097])
    func shiftedViews(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let host = (0..<count).map { Float($0 % 97) }
        for shift in Set([1, count / 2, count - 1]) where shift > 0 && shift < count {
            let x = try DeviceArray(host, on: queue)
            try x[shift..<count].assign(x[0..<(count - shift)] + 1)
            #expect(try x.toArray() == Array(host[0..<shift]) + host[0..<(count - shift)].map { $0 + 1 }, "right shift \(shift)")
            let y = try DeviceArray(host, on: queue)
            try y[0..<(count - shift)].assign(y[shift..<count] * 2)
            #expect(try y.toArray() == host[shift..<count].map { $0 * 2 } + Array(host[(count - shift)...]), "left shift \(shift)")
            let z = try DeviceArray(host, on: queue)
            try z[0..<(count - shift)].prefixSums(into: z[shift..<count])
            var sums: [Float] = []
            for value in host[0..<(count - shift)] { sums.append((sums.last ?? 0) + value) }
            #expect(try z.toArray() == Array(host[0..<shift]) + sums, "prefix sums shifted by \(shift)")
        }
        // The same elements in place stay one kernel and stay right.
        let w = try DeviceArray(host, on: queue)
        try w.assign(w * 3)
        #expect(try w.toArray() == host.map { $0 * 3 })
    }
}
