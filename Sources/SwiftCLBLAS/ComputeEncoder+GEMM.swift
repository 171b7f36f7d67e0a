internal import CCLBlast
import SwiftCL

/// Matrix–matrix products on CLBlast, enqueued on the encoder's queue in order with its other commands. Each returns
/// the routine's event (wait for it, await it, time it, or make another queue wait for it).
extension ComputeEncoder {
    /// `C ← alpha·op(A)·op(B) + beta·C` (GEMM), where op(A) is m×k, op(B) k×n and C m×n. All three matrices share one
    /// layout. With m or n zero nothing runs (the event is a marker). As in reference BLAS, with `beta = 0` C is not
    /// read (it may hold NaNs): its elements are zeroed first.
    ///
    /// `engine` picks CLBlast or the host BLAS (``BLASEngine``; by default ``BLASEngine/preferred``, automatic: OpenBLAS
    /// on a CPU device when it is installed, CLBlast elsewhere). The event's label names the routine that ran
    /// (`CLBlastSgemm`, `cblas_sgemm`).
    /// - Throws: ``BLASError`` naming the operand whose shape does not fit, for mixed layouts or k = 0, for `Double`
    ///   without `cl_khr_fp64`, `BLASError.Code.overlappingOperands` when C shares elements with A or B (`gemm(a,
    ///   times: b, into: a)`), a host engine that cannot run here, or CLBlast's failure; SwiftCL's errors for operands
    ///   of another context.
    @discardableResult
    public func gemm<T: BLASScalar>(_ a: BLASMatrix<T>, _ transposeA: BLASTranspose = .none, times b: BLASMatrix<T>,
                                    _ transposeB: BLASTranspose = .none, into c: BLASMatrix<T>, alpha: T = 1, beta: T = 0,
                                    engine: BLASEngine = .preferred) throws -> CommandEvent {
        let (m, n, k) = try Self.gemmShape(a, transposeA, b, transposeB, c, routine: "gemm")
        if m == 0 || n == 0 { return try marker() }
        try BLASError.refuseOverlap(of: OperandFootprint("c", c), with: [OperandFootprint("a", a), OperandFootprint("b", b)], routine: "gemm")
        if k == 0 {  // an empty sum: C ← βC, as BLAS defines
            try scaleOperand(c, by: beta, batchOffsets: [c.offset])
            return try marker()
        }
        if let host = try engine.hostBLAS(on: device, routine: "gemm") {
            return try hostGEMM(host, a, transposeA, b, transposeB, c, m: m, n: n, k: k,
                                products: [HostGEMMProduct(a: a.offset, b: b.offset, c: c.offset, alpha: alpha, beta: beta)])
        }
        if beta == 0 { try zeroOperand(c) }
        let (layout, ta, tb) = (CLBlast.layout(a.layout), CLBlast.transpose(transposeA), CLBlast.transpose(transposeB))
        return try a.buffer.withUnsafeHandle { am in try b.buffer.withUnsafeHandle { bm in try c.buffer.withUnsafeHandle { cm in
            try CLBlast.enqueue("gemm", T.self, on: self, using: [a.buffer, b.buffer, c.buffer]) { queue, event in
                if T.self == Float.self {
                    CLBlastSgemm(layout, ta, tb, m, n, k, Float(alpha), am, a.offset, a.leadingDimension, bm, b.offset, b.leadingDimension,
                                 Float(beta), cm, c.offset, c.leadingDimension, queue, event)
                } else {
                    CLBlastDgemm(layout, ta, tb, m, n, k, Double(alpha), am, a.offset, a.leadingDimension, bm, b.offset, b.leadingDimension,
                                 Double(beta), cm, c.offset, c.leadingDimension, queue, event)
                }
            }
        } } }
    }

    /// `batchCount` GEMMs at once: product `i` uses the matrices shaped like `a`, `b` and `c` that start `strides`
    /// elements further into their buffers per batch (`strides.a · i` past `a.offset`, and so on).
    /// - Throws: as ``gemm(_:_:times:_:into:alpha:beta:engine:)``, and `BLASError.Code.bufferTooSmall` when the last batch
    ///   runs past a buffer, `BLASError.Code.invalidArgument` for a negative batch count or stride,
    ///   `BLASError.Code.overlappingOperands` when C's batches share elements (a C stride of 0 with several batches)
    ///   or any C batch shares elements with an A or B batch.
    @discardableResult
    public func gemmStridedBatched<T: BLASScalar>(_ a: BLASMatrix<T>, _ transposeA: BLASTranspose = .none, times b: BLASMatrix<T>,
                                                  _ transposeB: BLASTranspose = .none, into c: BLASMatrix<T>,
                                                  strides: (a: Int, b: Int, c: Int), batchCount: Int,
                                                  alpha: T = 1, beta: T = 0, engine: BLASEngine = .preferred) throws -> CommandEvent {
        let routine = "gemmStridedBatched"
        let (m, n, k) = try Self.gemmShape(a, transposeA, b, transposeB, c, routine: routine)
        guard batchCount >= 0, strides.a >= 0, strides.b >= 0, strides.c >= 0 else {
            throw BLASError(.invalidArgument, routine: routine, "batch count and strides must not be negative")
        }
        if m == 0 || n == 0 || batchCount == 0 { return try marker() }
        let operands = [("a", a.buffer.count, a.offset, Self.extent(a), strides.a), ("b", b.buffer.count, b.offset, Self.extent(b), strides.b),
                        ("c", c.buffer.count, c.offset, Self.extent(c), strides.c)]
        for (name, bufferCount, offset, extent, stride) in operands {
            let needed = elementsSpanned(offset: offset, runs: batchCount, stride: stride, runLength: extent)
            guard let needed, needed <= bufferCount else {
                throw BLASError(.bufferTooSmall, routine: routine,
                                "\(name)'s batch \(batchCount - 1) ends at element \(needed.map(String.init) ?? "past Int's range") "
                                + "(offset \(offset) + \(batchCount - 1)·\(stride) + \(extent)), its buffer has \(bufferCount)")
            }
        }
        // A stride of 0 reuses one A or B for every product; for C it makes the batches overlap (refused).
        func batches(_ offset: Int, _ stride: Int) -> OperandFootprint.Batches { .strided(first: offset, stride: stride, count: batchCount) }
        try BLASError.refuseOverlap(of: OperandFootprint("c", c, batches: batches(c.offset, strides.c)),
                                    with: [OperandFootprint("a", a, batches: batches(a.offset, strides.a)),
                                           OperandFootprint("b", b, batches: batches(b.offset, strides.b))],
                                    routine: routine)
        if k == 0 {
            try scaleOperand(c, by: beta, batchOffsets: (0..<batchCount).map { c.offset + $0 * strides.c })
            return try marker()
        }
        if let host = try engine.hostBLAS(on: device, routine: routine) {
            return try hostGEMM(host, a, transposeA, b, transposeB, c, m: m, n: n, k: k, products: (0..<batchCount).map { index in
                HostGEMMProduct(a: a.offset + index * strides.a, b: b.offset + index * strides.b, c: c.offset + index * strides.c,
                                alpha: alpha, beta: beta)
            })
        }
        if beta == 0 { try zeroOperand(c, batches: batchCount, batchStride: strides.c) }
        let (layout, ta, tb) = (CLBlast.layout(a.layout), CLBlast.transpose(transposeA), CLBlast.transpose(transposeB))
        return try a.buffer.withUnsafeHandle { am in try b.buffer.withUnsafeHandle { bm in try c.buffer.withUnsafeHandle { cm in
            try CLBlast.enqueue("gemmStridedBatched", T.self, on: self, using: [a.buffer, b.buffer, c.buffer]) { queue, event in
                if T.self == Float.self {
                    CLBlastSgemmStridedBatched(layout, ta, tb, m, n, k, Float(alpha), am, a.offset, a.leadingDimension, strides.a,
                                               bm, b.offset, b.leadingDimension, strides.b, Float(beta),
                                               cm, c.offset, c.leadingDimension, strides.c, batchCount, queue, event)
                } else {
                    CLBlastDgemmStridedBatched(layout, ta, tb, m, n, k, Double(alpha), am, a.offset, a.leadingDimension, strides.a,
                                               bm, b.offset, b.leadingDimension, strides.b, Double(beta),
                                               cm, c.offset, c.leadingDimension, strides.c, batchCount, queue, event)
                }
            }
        } } }
    }

    /// Several GEMMs in one CLBlast call (`CLBlastXgemmBatched`): every product's A lies in one buffer, with one shape
    /// and leading dimension, at its own offset; likewise B and C; each product has its own alpha and beta. The C
    /// blocks must not overlap (CLBlast may run the products at once). An empty list enqueues a marker.
    /// - Throws: `BLASError.Code.invalidArgument` naming the first product whose A, B or C differs from the first
    ///   product's in buffer, shape, layout or leading dimension; as ``gemm(_:_:times:_:into:alpha:beta:engine:)``.
    @discardableResult
    public func gemmBatched<T: BLASScalar>(_ products: [GEMMProduct<T>], transposeA: BLASTranspose = .none,
                                           transposeB: BLASTranspose = .none, engine: BLASEngine = .preferred) throws -> CommandEvent {
        let routine = "gemmBatched"
        guard let first = products.first else { return try marker() }
        let (m, n, k) = try Self.gemmShape(first.a, transposeA, first.b, transposeB, first.c, routine: routine)
        for (index, product) in products.enumerated().dropFirst() {
            for (name, matrix, reference) in [("a", product.a, first.a), ("b", product.b, first.b), ("c", product.c, first.c)] {
                guard matrix.buffer === reference.buffer, matrix.rows == reference.rows, matrix.columns == reference.columns,
                      matrix.layout == reference.layout, matrix.leadingDimension == reference.leadingDimension else {
                    throw BLASError(.invalidArgument, routine: routine,
                                    "product \(index)'s \(name) differs from product 0's in buffer, shape, layout or leading dimension "
                                    + "(\(matrix.rows)×\(matrix.columns), ld \(matrix.leadingDimension) vs \(reference.rows)×\(reference.columns), "
                                    + "ld \(reference.leadingDimension)): a batch shares one buffer and shape per operand")
                }
            }
        }
        if m == 0 || n == 0 { return try marker() }
        try BLASError.refuseOverlap(of: OperandFootprint("c", first.c, batches: .list(products.map(\.c.offset))),
                                    with: [OperandFootprint("a", first.a, batches: .list(products.map(\.a.offset))),
                                           OperandFootprint("b", first.b, batches: .list(products.map(\.b.offset)))],
                                    routine: routine)
        if k == 0 {
            for product in products { try scaleOperand(product.c, by: product.beta, batchOffsets: [product.c.offset]) }
            return try marker()
        }
        if let host = try engine.hostBLAS(on: device, routine: routine) {
            return try hostGEMM(host, first.a, transposeA, first.b, transposeB, first.c, m: m, n: n, k: k, products: products.map {
                HostGEMMProduct(a: $0.a.offset, b: $0.b.offset, c: $0.c.offset, alpha: $0.alpha, beta: $0.beta)
            })
        }
        for product in products where product.beta == 0 { try zeroOperand(product.c) }
        let (layout, ta, tb) = (CLBlast.layout(first.a.layout), CLBlast.transpose(transposeA), CLBlast.transpose(transposeB))
        let aOffsets = products.map(\.a.offset), bOffsets = products.map(\.b.offset), cOffsets = products.map(\.c.offset)
        let (lda, ldb, ldc) = (first.a.leadingDimension, first.b.leadingDimension, first.c.leadingDimension)
        return try first.a.buffer.withUnsafeHandle { am in try first.b.buffer.withUnsafeHandle { bm in try first.c.buffer.withUnsafeHandle { cm in
            try CLBlast.enqueue(routine, T.self, on: self, using: [first.a.buffer, first.b.buffer, first.c.buffer]) { queue, event in
                if T.self == Float.self {
                    let alphas = products.map { Float($0.alpha) }, betas = products.map { Float($0.beta) }
                    return CLBlastSgemmBatched(layout, ta, tb, m, n, k, alphas, am, aOffsets, lda, bm, bOffsets, ldb,
                                               betas, cm, cOffsets, ldc, products.count, queue, event)
                } else {
                    let alphas = products.map { Double($0.alpha) }, betas = products.map { Double($0.beta) }
                    return CLBlastDgemmBatched(layout, ta, tb, m, n, k, alphas, am, aOffsets, lda, bm, bOffsets, ldb,
                                               betas, cm, cOffsets, ldc, products.count, queue, event)
                }
            }
        } } }
    }

    /// The elements one matrix spans from its first: (outer − 1)·ld + inner.
    static func extent<T>(_ matrix: BLASMatrix<T>) -> Int {
        let (inner, outer) = matrix.layout == .rowMajor ? (matrix.columns, matrix.rows) : (matrix.rows, matrix.columns)
        return inner == 0 || outer == 0 ? 0 : (outer - 1) * matrix.leadingDimension + inner
    }

    /// m, n and k of `C ← op(A)·op(B)`, checked: one layout, op(A) m×k, op(B) k×n, C m×n (k = 0 is an empty sum: C ← βC).
    static func gemmShape<T>(_ a: BLASMatrix<T>, _ transposeA: BLASTranspose, _ b: BLASMatrix<T>, _ transposeB: BLASTranspose,
                             _ c: BLASMatrix<T>, routine: String) throws -> (Int, Int, Int) {
        guard a.layout == b.layout, b.layout == c.layout else {
            throw BLASError(.invalidArgument, routine: routine, "a, b and c must share one layout (\(a.layout), \(b.layout), \(c.layout))")
        }
        let opA = a.shape(transposeA), opB = b.shape(transposeB)
        guard opB.rows == opA.columns else {
            throw BLASError(.dimensionMismatch, routine: routine,
                            "b: op(A) is \(opA.rows)×\(opA.columns), so op(B) needs \(opA.columns) rows, it has \(opB.rows)")
        }
        guard c.rows == opA.rows, c.columns == opB.columns else {
            throw BLASError(.dimensionMismatch, routine: routine,
                            "c: op(A)·op(B) is \(opA.rows)×\(opB.columns), c is \(c.rows)×\(c.columns)")
        }
        return (opA.rows, opB.columns, opA.columns)
    }
}
