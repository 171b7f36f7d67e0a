import SwiftCL

/// One product of a host GEMM call: where its A, B and C start in their buffers (elements), and its scalars.
struct HostGEMMProduct<T: BLASScalar>: Sendable {
    let a: Int, b: Int, c: Int
    let alpha: T, beta: T
}

extension ComputeEncoder {
    /// GEMMs of one shape on the host BLAS, as one command of the queue working on the buffers' storage in place. The
    /// operands were checked by the caller (shapes, buffers, overlap); with `beta = 0` OpenBLAS sets C without
    /// reading it, as reference BLAS does.
    /// - Throws: `BLASError.Code.invalidArgument` for a size or leading dimension over the host BLAS's 32-bit
    ///   integers; as `ComputeEncoder.hostCommand(using:label:_:)`.
    func hostGEMM<T: BLASScalar>(_ host: HostBLAS, _ a: BLASMatrix<T>, _ transposeA: BLASTranspose, _ b: BLASMatrix<T>,
                                 _ transposeB: BLASTranspose, _ c: BLASMatrix<T>, m: Int, n: Int, k: Int,
                                 products: [HostGEMMProduct<T>]) throws -> CommandEvent {
        let routine = try Self.hostRoutine("gemm", T.self, sizes: [
            ("m", m), ("n", n), ("k", k), ("a's leading dimension", a.leadingDimension),
            ("b's leading dimension", b.leadingDimension), ("c's leading dimension", c.leadingDimension)])
        let order = HostBLAS.order(a.layout), opA = HostBLAS.transpose(transposeA), opB = HostBLAS.transpose(transposeB)
        let (rows, columns, inner) = (Int32(m), Int32(n), Int32(k))
        let (lda, ldb, ldc) = (Int32(a.leadingDimension), Int32(b.leadingDimension), Int32(c.leadingDimension))
        let stride = MemoryLayout<T>.stride
        return try hostCommand(using: [a.buffer, b.buffer, c.buffer], label: routine) { storage in
            for product in products {
                let pa = UnsafeRawPointer(storage[0] + product.a * stride), pb = UnsafeRawPointer(storage[1] + product.b * stride)
                let pc = storage[2] + product.c * stride
                if T.self == Float.self {
                    host.sgemm(order, opA, opB, rows, columns, inner, Float(product.alpha), pa, lda, pb, ldb, Float(product.beta), pc, ldc)
                } else {
                    host.dgemm(order, opA, opB, rows, columns, inner, Double(product.alpha), pa, lda, pb, ldb, Double(product.beta), pc, ldc)
                }
            }
        }
    }
}
