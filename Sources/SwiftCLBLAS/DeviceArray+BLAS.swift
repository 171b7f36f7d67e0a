import SwiftCL
import SwiftCLArrays

extension DeviceArray where Element: BLASScalar {
    /// The matrix product of this 2-D array and `other` (CLBlast's GEMM): a new `rows × other.columns` array,
    /// enqueued on this array's queue without waiting (like every array operation).
    /// - Throws: ``BLASError/Code/invalidArgument`` unless both are 2-D, ``BLASError/Code/dimensionMismatch`` when the
    ///   inner dimensions differ; as ``SwiftCL/ComputeEncoder/gemm(_:_:times:_:into:alpha:beta:)``.
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
}
