import SwiftCL

/// BLAS's rule that `beta = 0` means the output is not read (it may hold anything, NaNs included). CLBlast computes
/// `0 · C` instead, which turns NaN or infinite garbage into NaN; so with `beta = 0` the output's elements are zeroed
/// first, by one small kernel over exactly those elements (padding between rows or strided elements is untouched).
extension ComputeEncoder {
    /// Zeroes `inner` elements at `offset + o·ld + i` for each of `outer` runs, in each of `batches` batches
    /// `batchStride` elements apart.
    func zeroOperand<T: BLASScalar>(_ buffer: Buffer<T>, offset: Int, inner: Int, outer: Int, leadingDimension: Int,
                                    batches: Int = 1, batchStride: Int = 0) throws {
        try CLBlast.checkPrecision(T.self, on: device, routine: "CLBlast\(T.blasPrefix) output")
        guard inner > 0, outer > 0, batches > 0 else { return }
        let bits = MemoryLayout<T>.size == 4 ? "uint" : "ulong"
        let program = try context.program(source: """
            kernel void swiftcl_blas_zero(global \(bits) *x, const ulong offset, const ulong ld, const ulong batch_stride)
            {
                x[offset + get_global_id(2) * batch_stride + get_global_id(1) * ld + get_global_id(0)] = 0;
            }
            """, name: "swiftcl_blas_zero_\(bits)")
        let raw: any KernelArgument = MemoryLayout<T>.size == 4 ? try buffer.reinterpreted(as: UInt32.self)
            : try buffer.reinterpreted(as: UInt64.self)
        try launch(try program.sharedKernel(named: "swiftcl_blas_zero"), try NDRange(global: [inner, outer, batches]),
                   arguments: [raw, UInt64(offset), UInt64(leadingDimension), UInt64(batchStride)])
    }

    func zeroOperand<T: BLASScalar>(_ matrix: BLASMatrix<T>, batches: Int = 1, batchStride: Int = 0) throws {
        let (inner, outer) = matrix.layout == .rowMajor ? (matrix.columns, matrix.rows) : (matrix.rows, matrix.columns)
        try zeroOperand(matrix.buffer, offset: matrix.offset, inner: inner, outer: outer, leadingDimension: matrix.leadingDimension,
                        batches: batches, batchStride: batchStride)
    }

    func zeroOperand<T: BLASScalar>(_ vector: BLASVector<T>) throws {
        try zeroOperand(vector.buffer, offset: vector.offset, inner: 1, outer: vector.count, leadingDimension: vector.increment)
    }

    /// `matrix ← beta · matrix` (BLAS's C ← βC of a product with k = 0): zero for β = 0 (NaNs in C included, as BLAS
    /// defines), nothing for β = 1, else one kernel over every element of every batch.
    func scaleOperand<T: BLASScalar>(_ matrix: BLASMatrix<T>, by beta: T, batchOffsets: [Int]) throws {
        guard beta != 1 else { return }
        for offset in batchOffsets {
            let (inner, outer) = matrix.layout == .rowMajor ? (matrix.columns, matrix.rows) : (matrix.rows, matrix.columns)
            if beta == 0 {
                try zeroOperand(matrix.buffer, offset: offset, inner: inner, outer: outer, leadingDimension: matrix.leadingDimension)
                continue
            }
            try CLBlast.checkPrecision(T.self, on: device, routine: "CLBlast\(T.blasPrefix) output")
            guard inner > 0, outer > 0 else { continue }
            let type = MemoryLayout<T>.size == 4 ? "float" : "double"
            let program = try context.program(source: """
                \(type == "double" ? "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n" : "")\
                kernel void swiftcl_blas_scale(global \(type) *x, const ulong offset, const ulong ld, const \(type) beta)
                {
                    x[offset + get_global_id(1) * ld + get_global_id(0)] *= beta;
                }
                """, name: "swiftcl_blas_scale_\(type)")
            let scalar: any KernelArgument = MemoryLayout<T>.size == 4 ? Float(beta) : Double(beta)
            try launch(try program.sharedKernel(named: "swiftcl_blas_scale"), try NDRange(global: [inner, outer]),
                       arguments: [matrix.buffer, UInt64(offset), UInt64(matrix.leadingDimension), scalar])
        }
    }
}
