import Dispatch
import Foundation
import SwiftCL

/// Host implementations of the box filter: the exact oracle every variant is checked against, and
/// the fast multi-threaded SIMD version a Swift programmer would write without OpenCL.
public enum BoxFilterReference {
    /// The oracle: for every pixel, the mean of the in-image pixels of its box, summed in `Double`
    /// and rounded once. Simple on purpose.
    public static func exact(_ input: [Float], width: Int, height: Int, range: Int) throws -> [Float] {
        try validate(input, width: width, height: height, range: range)
        var output = [Float](repeating: 0, count: input.count)
        input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                for y in 0..<height {
                    let top = max(0, y - range), bottom = min(height - 1, y + range)
                    for x in 0..<width {
                        let left = max(0, x - range), right = min(width - 1, x + range)
                        var sum = 0.0
                        for yy in top...bottom {
                            for xx in left...right { sum += Double(source[xx + width * yy]) }
                        }
                        destination[x + width * y] = Float(sum / Double((bottom - top + 1) * (right - left + 1)))
                    }
                }
            }
        }
        return output
    }

    /// The fast host peer, returning a new array (see ``fast(_:into:width:height:range:)``).
    public static func fast(_ input: [Float], width: Int, height: Int, range: Int) throws -> [Float] {
        var output = [Float](repeating: 0, count: input.count)
        try fast(input, into: &output, width: width, height: height, range: range)
        return output
    }

    /// The fast host peer, written as a performance engineer would without OpenCL: one contiguous
    /// band of rows per core (`concurrentPerform`); in each band a row of column sums over the box's
    /// rows, kept up to date with SIMD16 adds of the row entering the box and subtracts of the row
    /// leaving it (recomputed every 64 rows so rounding cannot drift), then the horizontal taps from
    /// that row, which stays in the L1 cache. `output` must hold `width × height` pixels.
    /// - Throws: ``BoxFilterError`` for a bad size, range or output count.
    public static func fast(_ input: [Float], into output: inout [Float], width: Int, height: Int, range: Int) throws {
        try validate(input, width: width, height: height, range: range)
        guard output.count == input.count else {
            throw BoxFilterError.pixelCountMismatch(what: "host output", count: output.count, width: width, height: height)
        }
        let bands = min(height, max(1, ProcessInfo.processInfo.activeProcessorCount))
        input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                guard let sourceBase = source.baseAddress, let destinationBase = destination.baseAddress else { return }
                let from = SendablePointer(sourceBase), to = SendablePointer(destinationBase)
                DispatchQueue.concurrentPerform(iterations: bands) { band in
                    let rows = (height + bands - 1) / bands
                    let y0 = band * rows, y1 = min(height, y0 + rows)
                    guard y0 < y1 else { return }
                    let filter = BandFilter(width: width, height: height, range: range)
                    defer { filter.deallocate() }
                    filter.run(from.pointer, to.pointer, rows: y0..<y1)
                }
            }
        }
    }

    static func validate(_ input: [Float], width: Int, height: Int, range: Int) throws {
        guard range >= 0 else { throw BoxFilterError.rangeOutOfBounds(range: range, allowed: 0...Int.max) }
        guard width > 0, height > 0 else {
            throw BoxFilterError.unsupportedSize(variant: "host reference", width: width, height: height,
                                                 reason: "box filter: the image must be at least 1×1, not \(width)×\(height)")
        }
        guard width.multipliedReportingOverflow(by: height) == (input.count, false) else {
            throw BoxFilterError.pixelCountMismatch(what: "host input", count: input.count, width: width, height: height)
        }
    }
}
