import Dispatch
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

    /// The fast host peer: bands of rows spread over the cores with `concurrentPerform`; per output
    /// row, the vertical taps are summed into a row buffer with SIMD16, then the horizontal taps.
    public static func fast(_ input: [Float], width: Int, height: Int, range: Int) throws -> [Float] {
        try validate(input, width: width, height: height, range: range)
        var output = [Float](repeating: 0, count: input.count)
        let bands = min(height, 64)
        input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                guard let sourceBase = source.baseAddress, let destinationBase = destination.baseAddress else { return }
                let from = SendablePointer(sourceBase), to = SendableMutablePointer(destinationBase)
                DispatchQueue.concurrentPerform(iterations: bands) { band in
                    let rows = (height + bands - 1) / bands
                    let y0 = band * rows, y1 = min(height, y0 + rows)
                    guard y0 < y1 else { return }
                    filterBand(from.pointer, to.pointer, width: width, height: height, range: range, rows: y0..<y1)
                }
            }
        }
        return output
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

    private static func filterBand(_ input: UnsafePointer<Float>, _ output: UnsafeMutablePointer<Float>,
                                   width: Int, height: Int, range: Int, rows: Range<Int>) {
        let padded = UnsafeMutablePointer<Float>.allocate(capacity: width + 2 * range)
        defer { padded.deallocate() }
        padded.initialize(repeating: 0, count: width + 2 * range)
        let sums = padded + range
        let raw = UnsafeMutableRawPointer(sums)
        for y in rows {
            let top = max(0, y - range), bottom = min(height - 1, y + range)
            let first = UnsafeRawPointer(input + width * top)
            var x = 0
            while x + 16 <= width {
                raw.storeBytes(of: first.loadUnaligned(fromByteOffset: x * 4, as: SIMD16<Float>.self), toByteOffset: x * 4, as: SIMD16<Float>.self)
                x += 16
            }
            while x < width { sums[x] = input[width * top + x]; x += 1 }
            if bottom > top {
                for yy in (top + 1)...bottom {
                    let row = UnsafeRawPointer(input + width * yy)
                    x = 0
                    while x + 16 <= width {
                        let sum = raw.loadUnaligned(fromByteOffset: x * 4, as: SIMD16<Float>.self)
                            + row.loadUnaligned(fromByteOffset: x * 4, as: SIMD16<Float>.self)
                        raw.storeBytes(of: sum, toByteOffset: x * 4, as: SIMD16<Float>.self)
                        x += 16
                    }
                    while x < width { sums[x] += input[width * yy + x]; x += 1 }
                }
            }
            let rowCount = Float(bottom - top + 1)
            let outRow = output + width * y
            let taps = 2 * range + 1
            let interiorWeight = 1 / (rowCount * Float(taps))
            let left = min(range, width), right = max(left, width - range)
            for x in 0..<width where x < left || x >= right {
                var sum: Float = 0
                for dx in -range...range { sum += sums[x + dx] }
                outRow[x] = sum / (rowCount * Float(min(width - 1, x + range) - max(0, x - range) + 1))
            }
            x = left
            let outRaw = UnsafeMutableRawPointer(outRow)
            let weight = SIMD16<Float>(repeating: interiorWeight)
            while x + 16 <= right {
                var sum = SIMD16<Float>(repeating: 0)
                for dx in -range...range { sum += raw.loadUnaligned(fromByteOffset: (x + dx) * 4, as: SIMD16<Float>.self) }
                outRaw.storeBytes(of: sum * weight, toByteOffset: x * 4, as: SIMD16<Float>.self)
                x += 16
            }
            while x < right {
                var sum: Float = 0
                for dx in -range...range { sum += sums[x + dx] }
                outRow[x] = sum * interiorWeight
                x += 1
            }
        }
    }
}

/// Pointers handed to `concurrentPerform` workers that touch disjoint rows.
struct SendablePointer: @unchecked Sendable {
    let pointer: UnsafePointer<Float>
    init(_ pointer: UnsafePointer<Float>) { self.pointer = pointer }
}

struct SendableMutablePointer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Float>
    init(_ pointer: UnsafeMutablePointer<Float>) { self.pointer = pointer }
}
