import SwiftCL
import SwiftCLArrays

/// Whether consecutive elements of a row (row-major, C's and SwiftCLArrays' order) or of a column (column-major,
/// Fortran's and reference BLAS's) are adjacent in memory.
public enum BLASLayout: Sendable, Hashable {
    case rowMajor, columnMajor
}

/// Whether a routine uses a matrix as it is or transposed.
public enum BLASTranspose: Sendable, Hashable {
    case none, transposed
}

/// A dense `rows` × `columns` matrix in a buffer: element (r, c) at `offset + r·leadingDimension + c` (row-major)
/// or `offset + c·leadingDimension + r` (column-major). Checked against the buffer when made.
public struct BLASMatrix<Element: BLASScalar>: Sendable {
    public let buffer: Buffer<Element>
    public let rows: Int
    public let columns: Int
    public let layout: BLASLayout
    /// Elements between the starts of consecutive rows (row-major) or columns (column-major).
    public let leadingDimension: Int
    /// Where element (0, 0) is, in elements.
    public let offset: Int

    /// - Parameter leadingDimension: default: `columns` (row-major) or `rows` (column-major), a packed matrix.
    /// - Throws: `BLASError.Code.invalidArgument` for negative sizes or a leading dimension below the row (column)
    ///   length; `BLASError.Code.bufferTooSmall` when the matrix runs past the buffer.
    public init(_ buffer: Buffer<Element>, rows: Int, columns: Int, layout: BLASLayout = .rowMajor,
                leadingDimension: Int? = nil, offset: Int = 0) throws {
        let inner = layout == .rowMajor ? columns : rows, outer = layout == .rowMajor ? rows : columns
        let ld = leadingDimension ?? Swift.max(inner, 1)
        let what = "BLASMatrix(rows: \(rows), columns: \(columns), layout: \(layout))"
        guard rows >= 0, columns >= 0, offset >= 0 else {
            throw BLASError(.invalidArgument, routine: what, "sizes and offset must not be negative")
        }
        guard ld >= Swift.max(inner, 1) else {
            throw BLASError(.invalidArgument, routine: what,
                            "leading dimension \(ld) is below the \(layout == .rowMajor ? "row" : "column") length \(inner)")
        }
        try checkFits(offset: offset, runs: outer, stride: ld, runLength: inner, in: buffer, what)
        self.buffer = buffer
        self.rows = rows
        self.columns = columns
        self.layout = layout
        self.leadingDimension = ld
        self.offset = offset
    }

    /// A 2-D array as a row-major matrix (no copy).
    /// - Throws: `BLASError.Code.invalidArgument` unless the array is 2-D.
    public init(_ array: DeviceArray<Element>) throws {
        guard array.shape.count == 2 else {
            throw BLASError(.invalidArgument, routine: "BLASMatrix(DeviceArray)", "the array has shape \(array.shape), not 2-D")
        }
        try self.init(array.storage, rows: array.shape[0], columns: array.shape[1], offset: array.offset)
    }

    /// The matrix's shape as a routine uses it.
    func shape(_ transpose: BLASTranspose) -> (rows: Int, columns: Int) {
        transpose == .none ? (rows, columns) : (columns, rows)
    }
}

/// `count` elements of a buffer `increment` apart, from `offset`. Checked against the buffer when made.
public struct BLASVector<Element: BLASScalar>: Sendable {
    public let buffer: Buffer<Element>
    public let count: Int
    public let offset: Int
    /// Elements between consecutive vector elements (positive).
    public let increment: Int

    /// - Throws: `BLASError.Code.invalidArgument` for a negative count or offset or an increment below 1,
    ///   `BLASError.Code.bufferTooSmall`.
    public init(_ buffer: Buffer<Element>, count: Int? = nil, offset: Int = 0, increment: Int = 1) throws {
        let what = "BLASVector(count: \(count.map(String.init) ?? "nil"), offset: \(offset), increment: \(increment))"
        guard count ?? 0 >= 0, offset >= 0, increment >= 1 else {
            throw BLASError(.invalidArgument, routine: what, "count and offset must not be negative, the increment must be at least 1")
        }
        // Default: every element from `offset` on, `increment` apart.
        let count = count ?? (offset >= buffer.count ? 0 : (buffer.count - offset - 1) / increment + 1)
        try checkFits(offset: offset, runs: count, stride: increment, runLength: 1, in: buffer, what)
        self.buffer = buffer
        self.count = count
        self.offset = offset
        self.increment = increment
    }

    /// A device array's elements in row-major order (no copy).
    public init(_ array: DeviceArray<Element>) throws {
        try self.init(array.storage, count: array.count, offset: array.offset)
    }
}

/// Throws `BLASError.Code.bufferTooSmall` unless `runs` runs of `runLength` elements, `stride` apart from `offset`,
/// fit in `buffer`; `BLASError.Code.invalidArgument` when the last element's index is past `Int`'s range.
private func checkFits<T>(offset: Int, runs: Int, stride: Int, runLength: Int, in buffer: Buffer<T>, _ what: String) throws {
    guard let needed = elementsSpanned(offset: offset, runs: runs, stride: stride, runLength: runLength) else {
        throw BLASError(.invalidArgument, routine: what,
                        "offset \(offset) + (\(runs) − 1)·\(stride) + \(runLength) elements overflows Int (the buffer has \(buffer.count))")
    }
    guard needed <= buffer.count else {
        throw BLASError(.bufferTooSmall, routine: what, "needs \(needed) elements, the buffer has \(buffer.count)")
    }
}

/// One past the last element of `runs` runs of `runLength` elements, `stride` apart from `offset` (`offset` alone when
/// there are none), or nil past `Int`'s range. All arguments are non-negative.
func elementsSpanned(offset: Int, runs: Int, stride: Int, runLength: Int) -> Int? {
    guard runs > 0, runLength > 0 else { return offset }
    let (steps, stepOverflow) = (runs - 1).multipliedReportingOverflow(by: stride)
    let (last, lastOverflow) = steps.addingReportingOverflow(runLength)
    let (end, endOverflow) = offset.addingReportingOverflow(last)
    return stepOverflow || lastOverflow || endOverflow ? nil : end
}
