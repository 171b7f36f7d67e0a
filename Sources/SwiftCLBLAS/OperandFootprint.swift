import SwiftCL

/// The memory a BLAS operand touches — `runCount` runs of `runElements` elements, `runStride` apart (a matrix's rows
/// or columns, a vector's elements), for each of its batches — so that an output sharing memory with an input (or
/// one batch's output with another's) is refused before CLBlast runs: CLBlast reads inputs while it writes outputs,
/// so an overlap gives wrong numbers silently (`gemm(A, times: B, into: A)` returned zeros).
///
/// Overlap is decided exactly, element by element, not by spans: interleaved operands of one buffer (the left and
/// right halves of a wide matrix, the even and odd elements of a vector) do not overlap. The cheap tests come first
/// (different allocations, disjoint spans); the runs are listed only for operands whose spans meet.
struct OperandFootprint {
    /// How refusals name the operand ("c", "product 3's c").
    let name: String
    /// The allocation, and the bytes from the first to one past the last touched there.
    let span: MemoryFootprint
    /// Where each batch starts, in elements: a list (batched GEMM's products), or `count` starts `stride` apart
    /// (strided batches, listed only when the runs are).
    enum Batches {
        case list([Int])
        case strided(first: Int, stride: Int, count: Int)

        var offsets: [Int] {
            switch self {
            case let .list(offsets): offsets
            case let .strided(first, stride, count): (0..<count).map { first + $0 * stride }
            }
        }
    }

    private let batches: Batches
    /// Bytes between the allocation's byte 0 and element 0 of the buffer; the element size.
    private let baseBytes: Int, elementBytes: Int
    private let runElements: Int, runStride: Int, runCount: Int

    /// Every batch must already have been checked to lie inside `buffer`, so no arithmetic here overflows.
    init<T>(_ name: String, buffer: Buffer<T>, batches: Batches, runElements: Int, runStride: Int, runCount: Int) {
        let (first, last, count): (Int, Int, Int) = switch batches {
        case let .list(offsets): (offsets.min() ?? 0, offsets.max() ?? 0, offsets.count)
        case let .strided(first, stride, count): (first, first + Swift.max(count - 1, 0) * stride, count)
        }
        let empty = runElements == 0 || runCount == 0 || count == 0
        let extent = empty ? 0 : (runCount - 1) * runStride + runElements
        let footprint = buffer.memoryFootprint(elements: first..<(last + extent))
        self.name = name
        span = footprint
        self.batches = empty ? .list([]) : batches
        elementBytes = MemoryLayout<T>.stride
        baseBytes = footprint.bytes.lowerBound - first * elementBytes
        self.runElements = runElements
        self.runStride = runStride
        self.runCount = runCount
    }

    init<T>(_ name: String, _ matrix: BLASMatrix<T>, batches: Batches? = nil) {
        let (inner, outer) = matrix.layout == .rowMajor ? (matrix.columns, matrix.rows) : (matrix.rows, matrix.columns)
        self.init(name, buffer: matrix.buffer, batches: batches ?? .list([matrix.offset]), runElements: inner,
                  runStride: matrix.leadingDimension, runCount: outer)
    }

    init<T>(_ name: String, _ vector: BLASVector<T>) {
        self.init(name, buffer: vector.buffer, batches: .list([vector.offset]), runElements: 1, runStride: vector.increment,
                  runCount: vector.count)
    }

    /// Every touched byte range, sorted by start.
    private var runs: [Range<Int>] {
        let offsets = batches.offsets
        var runs: [Range<Int>] = []
        runs.reserveCapacity(offsets.count * runCount)
        for offset in offsets {
            for run in 0..<runCount {
                let start = baseBytes + (offset + run * runStride) * elementBytes
                runs.append(start..<(start + runElements * elementBytes))
            }
        }
        if offsets.count > 1 { runs.sort { $0.lowerBound < $1.lowerBound } }
        return runs
    }

    /// Whether the two touch a common byte.
    func overlaps(_ other: OperandFootprint) -> Bool {
        guard span.overlaps(other.span) else { return false }
        let mine = runs, theirs = other.runs
        var i = 0, j = 0
        while i < mine.count, j < theirs.count {
            if mine[i].overlaps(theirs[j]) { return true }
            if mine[i].upperBound <= theirs[j].lowerBound { i += 1 } else { j += 1 }
        }
        return false
    }

    /// Whether two of the operand's batches touch a common byte.
    var batchesOverlap: Bool {
        switch batches {
        case let .list(offsets) where offsets.count < 2: return false
        case let .strided(_, _, count) where count < 2: return false
        case let .strided(_, stride, _) where stride == 0: return true
        case let .strided(_, stride, _) where stride >= (runCount - 1) * runStride + runElements: return false
        default: break
        }
        let runs = runs
        return zip(runs, runs.dropFirst()).contains { $0.upperBound > $1.lowerBound }
    }

    /// Whether both describe exactly the same elements in the same order (an in-place update that reads and writes
    /// each element at one index, which elementwise routines allow).
    func isIdentical(to other: OperandFootprint) -> Bool {
        span == other.span && elementBytes == other.elementBytes
            && runElements == other.runElements && runStride == other.runStride && runCount == other.runCount
            && batches.offsets.count == 1 && other.batches.offsets.count == 1
    }
}

extension BLASError {
    /// Throws ``Code/overlappingOperands`` when `output` shares memory with any of `inputs` (or, when `batched`,
    /// one of its batches with another).
    static func refuseOverlap(of output: OperandFootprint, with inputs: [OperandFootprint], routine: String) throws {
        if output.batchesOverlap {
            throw BLASError(.overlappingOperands, routine: routine,
                            "\(output.name): its batches share elements, so they would overwrite each other; give each batch its own elements")
        }
        for input in inputs where output.overlaps(input) {
            throw BLASError(.overlappingOperands, routine: routine,
                            "\(output.name) shares elements with \(input.name): the output would be written while it is still being read; "
                            + "write into separate memory")
        }
    }
}
