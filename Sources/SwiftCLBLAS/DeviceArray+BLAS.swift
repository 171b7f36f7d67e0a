import SwiftCL
import SwiftCLArrays

extension DeviceArray where Element: BLASScalar {
    /// The matrix product of this 2-D array and `other` (GEMM, on the preferred `BLASEngine`): a new `rows × other.columns` array,
    /// enqueued on this array's queue without waiting (like every array operation).
    /// - Throws: `BLASError.Code.invalidArgument` unless both are 2-D, `BLASError.Code.dimensionMismatch` when the
    ///   inner dimensions differ; as ``SwiftCL/ComputeEncoder/gemm(_:_:times:_:into:alpha:beta:engine:)``.
    public func matrixProduct(_ other: DeviceArray) throws -> DeviceArray {
        let a = try BLASMatrix(self), b = try BLASMatrix(other)
        guard b.rows == a.columns else {
            throw BLASError(.dimensionMismatch, routine: "matrixProduct", "\(shape) · \(other.shape): inner dimensions differ")
        }
        let result = try DeviceArray(uninitializedShape: [a.rows, b.columns], on: queue)
        let c = try BLASMatrix(result)
        _ = try queue.submit { cl in try cl.gemm(a, times: b, into: c) }
        return result
    }

    /// The matrix–vector product of this 2-D array (or its transpose) and the 1-D array `x` (GEMV): a new
    /// 1-D array, on the preferred `BLASEngine`, enqueued on this array's queue without waiting.
    /// - Throws: `BLASError.Code.invalidArgument` unless this array is 2-D and `x` 1-D, `BLASError.Code.dimensionMismatch`
    ///   when `x`'s count is not the matrix's (transposed) column count; as ``SwiftCL/ComputeEncoder/gemv(_:_:times:into:alpha:beta:engine:)``.
    public func matrixVectorProduct(_ x: DeviceArray, transposed: Bool = false) throws -> DeviceArray {
        let a = try BLASMatrix(self)
        guard x.shape.count == 1 else {
            throw BLASError(.invalidArgument, routine: "matrixVectorProduct", "x must be 1-D, it has shape \(x.shape)")
        }
        let transpose: BLASTranspose = transposed ? .transposed : .none
        let op = a.shape(transpose)
        guard x.count == op.columns else {
            throw BLASError(.dimensionMismatch, routine: "matrixVectorProduct",
                            "\(shape)\(transposed ? "ᵀ" : "") · [\(x.count)]: the matrix has \(op.columns) columns")
        }
        let result = try DeviceArray(uninitializedShape: [op.rows], on: queue)
        let (vx, vy) = (try BLASVector(x), try BLASVector(result))
        _ = try queue.submit { cl in try cl.gemv(a, transpose, times: vx, into: vy) }
        return result
    }

    /// `self ← self + alpha·x`, in place (AXPY, on the preferred `BLASEngine`), enqueued on this array's queue without waiting. The arrays
    /// must have one count (their shapes may differ).
    /// - Throws: `BLASError.Code.dimensionMismatch` when the counts differ; as ``SwiftCL/ComputeEncoder/axpy(_:_:_:engine:)``.
    public func add(_ x: DeviceArray, scaledBy alpha: Element) throws {
        let (vx, vy) = (try BLASVector(x), try BLASVector(self))
        _ = try queue.submit { cl in try cl.axpy(alpha, vx, vy) }
    }

    /// `self ← alpha·self`, in place (SCAL, on the preferred `BLASEngine`), enqueued on this array's queue without waiting.
    /// - Throws: as ``SwiftCL/ComputeEncoder/scal(_:_:engine:)``.
    public func scale(by alpha: Element) throws {
        let vx = try BLASVector(self)
        _ = try queue.submit { cl in try cl.scal(alpha, vx) }
    }
}
