import SwiftCL

/// GEMV, AXPY, SCAL, DOT and NRM2 on the host BLAS, each one command of the queue working on the buffers' storage in
/// place (as ``ComputeEncoder/hostGEMM(_:_:_:_:_:_:m:n:k:products:)``). The operands were checked by the callers
/// (counts, buffers, overlap). On PoCL CLBlast's GEMV ran at 0.05–0.1× and its DOT at 0.05× NumPy's (OpenBLAS) on the
/// same cores (docs/measurements.md, session 30).
extension ComputeEncoder {
    func hostGEMV<T: BLASScalar>(_ host: HostBLAS, _ a: BLASMatrix<T>, _ transpose: BLASTranspose, _ x: BLASVector<T>,
                                 _ y: BLASVector<T>, alpha: T, beta: T) throws -> CommandEvent {
        let routine = try Self.hostRoutine("gemv", T.self, sizes: [("rows", a.rows), ("columns", a.columns),
                                                                  ("a's leading dimension", a.leadingDimension),
                                                                  ("x's increment", x.increment), ("y's increment", y.increment)])
        let (order, op) = (HostBLAS.order(a.layout), HostBLAS.transpose(transpose))
        let (m, n, lda, incx, incy) = (Int32(a.rows), Int32(a.columns), Int32(a.leadingDimension), Int32(x.increment), Int32(y.increment))
        let (aStart, xStart, yStart, yCount, yStep) = (a.offset, x.offset, y.offset, y.count, y.increment)
        return try hostCommand(using: [a.buffer, x.buffer, y.buffer], label: routine) { storage in
            let pa = UnsafeRawPointer(storage[0]).assumingMemoryBound(to: T.self) + aStart
            let px = UnsafeRawPointer(storage[1]).assumingMemoryBound(to: T.self) + xStart
            let py = storage[2].assumingMemoryBound(to: T.self) + yStart
            // With beta = 0 y is not read (it may hold NaNs), as in reference BLAS.
            if beta == 0 { for index in 0..<yCount { py[index * yStep] = 0 } }
            if T.self == Float.self {
                host.sgemv(order, op, m, n, Float(alpha), pa, lda, px, incx, Float(beta), py, incy)
            } else {
                host.dgemv(order, op, m, n, Double(alpha), pa, lda, px, incx, Double(beta), py, incy)
            }
        }
    }

    func hostAXPY<T: BLASScalar>(_ host: HostBLAS, _ alpha: T, _ x: BLASVector<T>, _ y: BLASVector<T>) throws -> CommandEvent {
        let routine = try Self.hostRoutine("axpy", T.self, sizes: [("count", x.count), ("x's increment", x.increment),
                                                                  ("y's increment", y.increment)])
        let (count, incx, incy, xStart, yStart) = (Int32(x.count), Int32(x.increment), Int32(y.increment), x.offset, y.offset)
        return try hostCommand(using: [x.buffer, y.buffer], label: routine) { storage in
            let px = UnsafeRawPointer(storage[0]).assumingMemoryBound(to: T.self) + xStart
            let py = storage[1].assumingMemoryBound(to: T.self) + yStart
            if T.self == Float.self {
                host.saxpy(count, Float(alpha), px, incx, py, incy)
            } else {
                host.daxpy(count, Double(alpha), px, incx, py, incy)
            }
        }
    }

    func hostSCAL<T: BLASScalar>(_ host: HostBLAS, _ alpha: T, _ x: BLASVector<T>) throws -> CommandEvent {
        let routine = try Self.hostRoutine("scal", T.self, sizes: [("count", x.count), ("x's increment", x.increment)])
        let (count, incx, xStart) = (Int32(x.count), Int32(x.increment), x.offset)
        return try hostCommand(using: [x.buffer], label: routine) { storage in
            let px = storage[0].assumingMemoryBound(to: T.self) + xStart
            if T.self == Float.self { host.sscal(count, Float(alpha), px, incx) } else { host.dscal(count, Double(alpha), px, incx) }
        }
    }

    func hostDOT<T: BLASScalar>(_ host: HostBLAS, _ x: BLASVector<T>, _ y: BLASVector<T>, into result: BLASVector<T>) throws -> CommandEvent {
        let routine = try Self.hostRoutine("dot", T.self, sizes: [("count", x.count), ("x's increment", x.increment),
                                                                 ("y's increment", y.increment)])
        let (count, incx, incy, xStart, yStart, resultStart) = (Int32(x.count), Int32(x.increment), Int32(y.increment),
                                                                 x.offset, y.offset, result.offset)
        return try hostCommand(using: [x.buffer, y.buffer, result.buffer], label: routine) { storage in
            let px = UnsafeRawPointer(storage[0]).assumingMemoryBound(to: T.self) + xStart
            let py = UnsafeRawPointer(storage[1]).assumingMemoryBound(to: T.self) + yStart
            let value = T.self == Float.self ? T(host.sdot(count, px, incx, py, incy)) : T(host.ddot(count, px, incx, py, incy))
            storage[2].assumingMemoryBound(to: T.self)[resultStart] = value
        }
    }

    func hostNRM2<T: BLASScalar>(_ host: HostBLAS, _ x: BLASVector<T>, into result: BLASVector<T>) throws -> CommandEvent {
        let routine = try Self.hostRoutine("nrm2", T.self, sizes: [("count", x.count), ("x's increment", x.increment)])
        let (count, incx, xStart, resultStart) = (Int32(x.count), Int32(x.increment), x.offset, result.offset)
        return try hostCommand(using: [x.buffer, result.buffer], label: routine) { storage in
            let px = UnsafeRawPointer(storage[0]).assumingMemoryBound(to: T.self) + xStart
            let value = T.self == Float.self ? T(host.snrm2(count, px, incx)) : T(host.dnrm2(count, px, incx))
            storage[1].assumingMemoryBound(to: T.self)[resultStart] = value
        }
    }

    /// The CBLAS name of `name` for `T` (`cblas_sgemv`), after refusing a precision other than Float and Double and a
    /// size over the host BLAS's 32-bit integers.
    /// - Throws: `BLASError.Code.unsupportedPrecision`; `BLASError.Code.invalidArgument` naming the size.
    static func hostRoutine<T: BLASScalar>(_ name: String, _: T.Type, sizes: [(String, Int)]) throws -> String {
        let routine = "cblas_\(T.blasPrefix.lowercased())\(name)"
        guard T.self == Float.self || T.self == Double.self else {
            throw BLASError(.unsupportedPrecision, routine: routine, "\(T.self) has no host BLAS routine: Float and Double do")
        }
        for (what, value) in sizes where value > Int(Int32.max) {
            throw BLASError(.invalidArgument, routine: routine, "\(what) \(value) is over the host BLAS's 32-bit limit \(Int32.max)")
        }
        return routine
    }
}
