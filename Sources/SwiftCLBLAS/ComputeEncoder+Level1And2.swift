internal import CCLBlast
import SwiftCL

/// Vector and matrix–vector routines (AXPY, DOT, NRM2, SCAL, GEMV), enqueued like
/// ``gemm(_:_:times:_:into:alpha:beta:engine:)``: on CLBlast, or with `engine` (by default ``BLASEngine/preferred``,
/// automatic: OpenBLAS on a CPU device when it is installed) on the host BLAS as a command of the queue. The event's
/// label names the routine that ran (`CLBlastSgemv`, `cblas_sgemv`).
extension ComputeEncoder {
    /// `y ← alpha·op(A)·x + beta·y` (GEMV), op(A) m×n, x of n elements, y of m. With `beta = 0` y is not read.
    /// - Throws: `BLASError.Code.dimensionMismatch` naming x or y; as ``gemm(_:_:times:_:into:alpha:beta:engine:)``.
    @discardableResult
    public func gemv<T: BLASScalar>(_ a: BLASMatrix<T>, _ transpose: BLASTranspose = .none, times x: BLASVector<T>,
                                    into y: BLASVector<T>, alpha: T = 1, beta: T = 0,
                                    engine: BLASEngine = .preferred) throws -> CommandEvent {
        let op = a.shape(transpose)
        guard x.count == op.columns else {
            throw BLASError(.dimensionMismatch, routine: "gemv", "x: op(A) is \(op.rows)×\(op.columns), x has \(x.count) elements")
        }
        guard y.count == op.rows else {
            throw BLASError(.dimensionMismatch, routine: "gemv", "y: op(A) is \(op.rows)×\(op.columns), y has \(y.count) elements")
        }
        if a.rows == 0 || a.columns == 0 { return try marker() }
        try BLASError.refuseOverlap(of: OperandFootprint("y", y), with: [OperandFootprint("a", a), OperandFootprint("x", x)], routine: "gemv")
        if let host = try engine.hostBLAS(on: device, routine: "gemv") {
            return try hostGEMV(host, a, transpose, x, y, alpha: alpha, beta: beta)
        }
        if beta == 0 { try zeroOperand(y) }
        let (layout, ta) = (CLBlast.layout(a.layout), CLBlast.transpose(transpose))
        return try a.buffer.withUnsafeHandle { am in try x.buffer.withUnsafeHandle { xm in try y.buffer.withUnsafeHandle { ym in
            try CLBlast.enqueue("gemv", T.self, on: self, using: [a.buffer, x.buffer, y.buffer]) { queue, event in
                if T.self == Float.self {
                    CLBlastSgemv(layout, ta, a.rows, a.columns, Float(alpha), am, a.offset, a.leadingDimension,
                                 xm, x.offset, x.increment, Float(beta), ym, y.offset, y.increment, queue, event)
                } else {
                    CLBlastDgemv(layout, ta, a.rows, a.columns, Double(alpha), am, a.offset, a.leadingDimension,
                                 xm, x.offset, x.increment, Double(beta), ym, y.offset, y.increment, queue, event)
                }
            }
        } } }
    }

    /// `y ← alpha·x + y` (AXPY).
    /// - Throws: `BLASError.Code.dimensionMismatch` when the counts differ, `BLASError.Code.overlappingOperands` when
    ///   y shares elements with x without being x itself; as ``gemm(_:_:times:_:into:alpha:beta:engine:)``.
    @discardableResult
    public func axpy<T: BLASScalar>(_ alpha: T, _ x: BLASVector<T>, _ y: BLASVector<T>,
                                    engine: BLASEngine = .preferred) throws -> CommandEvent {
        guard x.count == y.count else {
            throw BLASError(.dimensionMismatch, routine: "axpy", "y has \(y.count) elements, x \(x.count)")
        }
        if x.count == 0 { return try marker() }
        // y may be x itself (each element is read and written at one index), not a shifted or interleaved part of it.
        let (xFootprint, yFootprint) = (OperandFootprint("x", x), OperandFootprint("y", y))
        if !yFootprint.isIdentical(to: xFootprint) {
            try BLASError.refuseOverlap(of: yFootprint, with: [xFootprint], routine: "axpy")
        }
        if let host = try engine.hostBLAS(on: device, routine: "axpy") { return try hostAXPY(host, alpha, x, y) }
        return try x.buffer.withUnsafeHandle { xm in try y.buffer.withUnsafeHandle { ym in
            try CLBlast.enqueue("axpy", T.self, on: self, using: [x.buffer, y.buffer]) { queue, event in
                T.self == Float.self
                    ? CLBlastSaxpy(x.count, Float(alpha), xm, x.offset, x.increment, ym, y.offset, y.increment, queue, event)
                    : CLBlastDaxpy(x.count, Double(alpha), xm, x.offset, x.increment, ym, y.offset, y.increment, queue, event)
            }
        } }
    }

    /// `x ← alpha·x` (SCAL).
    @discardableResult
    public func scal<T: BLASScalar>(_ alpha: T, _ x: BLASVector<T>, engine: BLASEngine = .preferred) throws -> CommandEvent {
        if x.count == 0 { return try marker() }
        if let host = try engine.hostBLAS(on: device, routine: "scal") { return try hostSCAL(host, alpha, x) }
        return try x.buffer.withUnsafeHandle { xm in
            try CLBlast.enqueue("scal", T.self, on: self, using: [x.buffer]) { queue, event in
                T.self == Float.self
                    ? CLBlastSscal(x.count, Float(alpha), xm, x.offset, x.increment, queue, event)
                    : CLBlastDscal(x.count, Double(alpha), xm, x.offset, x.increment, queue, event)
            }
        }
    }

    /// `result[0] ← x·y` (DOT), written on the device into the first element of `result`.
    /// - Throws: `BLASError.Code.dimensionMismatch` when the counts differ, `BLASError.Code.bufferTooSmall` for
    ///   an empty `result`; as ``gemm(_:_:times:_:into:alpha:beta:engine:)``.
    @discardableResult
    public func dot<T: BLASScalar>(_ x: BLASVector<T>, _ y: BLASVector<T>, into result: BLASVector<T>,
                                   engine: BLASEngine = .preferred) throws -> CommandEvent {
        guard x.count == y.count else {
            throw BLASError(.dimensionMismatch, routine: "dot", "y has \(y.count) elements, x \(x.count)")
        }
        guard result.count >= 1 else { throw BLASError(.bufferTooSmall, routine: "dot", "result: needs one element") }
        try BLASError.refuseOverlap(of: Self.resultFootprint(result), with: [OperandFootprint("x", x), OperandFootprint("y", y)], routine: "dot")
        if x.count == 0 { return try fillZero(result) }
        if let host = try engine.hostBLAS(on: device, routine: "dot") { return try hostDOT(host, x, y, into: result) }
        return try x.buffer.withUnsafeHandle { xm in try y.buffer.withUnsafeHandle { ym in try result.buffer.withUnsafeHandle { rm in
            try CLBlast.enqueue("dot", T.self, on: self, using: [x.buffer, y.buffer, result.buffer]) { queue, event in
                T.self == Float.self
                    ? CLBlastSdot(x.count, rm, result.offset, xm, x.offset, x.increment, ym, y.offset, y.increment, queue, event)
                    : CLBlastDdot(x.count, rm, result.offset, xm, x.offset, x.increment, ym, y.offset, y.increment, queue, event)
            }
        } } }
    }

    /// `result[0] ← ‖x‖₂` (NRM2), written on the device into the first element of `result`.
    @discardableResult
    public func nrm2<T: BLASScalar>(_ x: BLASVector<T>, into result: BLASVector<T>, engine: BLASEngine = .preferred) throws -> CommandEvent {
        guard result.count >= 1 else { throw BLASError(.bufferTooSmall, routine: "nrm2", "result: needs one element") }
        try BLASError.refuseOverlap(of: Self.resultFootprint(result), with: [OperandFootprint("x", x)], routine: "nrm2")
        if x.count == 0 { return try fillZero(result) }
        if let host = try engine.hostBLAS(on: device, routine: "nrm2") { return try hostNRM2(host, x, into: result) }
        return try x.buffer.withUnsafeHandle { xm in try result.buffer.withUnsafeHandle { rm in
            try CLBlast.enqueue("nrm2", T.self, on: self, using: [x.buffer, result.buffer]) { queue, event in
                T.self == Float.self
                    ? CLBlastSnrm2(x.count, rm, result.offset, xm, x.offset, x.increment, queue, event)
                    : CLBlastDnrm2(x.count, rm, result.offset, xm, x.offset, x.increment, queue, event)
            }
        } }
    }

    /// The one element a DOT or NRM2 writes.
    private static func resultFootprint<T>(_ result: BLASVector<T>) -> OperandFootprint {
        OperandFootprint("result", buffer: result.buffer, batches: .list([result.offset]), runElements: 1, runStride: 1, runCount: 1)
    }

    /// The empty sum and norm: 0 in `result`'s first element.
    private func fillZero<T: BLASScalar>(_ result: BLASVector<T>) throws -> CommandEvent {
        try commandEvent { try fill(result.buffer, with: 0, range: result.offset..<(result.offset + 1)) }
    }
}
