import SwiftCL
import SwiftCLArrays
import SwiftCLBLAS
import Testing

/// The DocC article *SwiftCLBLAS*: its first example, run here as shown.
@Suite("SwiftCLBLAS article snippets")
struct BLASArticleSnippetTests {
    @Test("GEMM on buffers in a closure, then the array forms")
    func overview() throws {
        let queue = try ComputeQueue(preferring: [.gpu, .cpu])
        let (m, k, n) = (3, 5, 4)
        let hostA = (0..<(m * k)).map { Float($0 % 7) - 3 }, hostB = (0..<(k * n)).map { Float($0 % 5) - 2 }
        let a = try Buffer(copying: hostA, context: queue.context), b = try Buffer(copying: hostB, context: queue.context)
        let cBuffer = try Buffer<Float>(count: m * n, context: queue.context)
        let x = try DeviceArray(hostA, shape: [m, k], on: queue), y = try DeviceArray(hostB, shape: [k, n], on: queue)
        let v = try DeviceArray((0..<k).map { Float($0) }, on: queue)
        let c = try queue.sync { cl in
            try cl.gemm(try BLASMatrix(a, rows: m, columns: k), times: try BLASMatrix(b, rows: k, columns: n),
                        into: try BLASMatrix(cBuffer, rows: m, columns: n), alpha: 1, beta: 0)
            return try cl.read(cBuffer)
        }
        let product = try x.matrixProduct(y)        // 2-D DeviceArrays
        let mv = try x.matrixVectorProduct(v)       // GEMV; also v.add(w, scaledBy: 2), v.scale(by: 0.5)
        let expected = (0..<m).flatMap { i in (0..<n).map { j in (0..<k).reduce(Float(0)) { $0 + hostA[i * k + $1] * hostB[$1 * n + j] } } }
        let productValues = try product.toArray()
        #expect(c == expected && productValues == expected)
        #expect(try mv.toArray() == (0..<m).map { i in (0..<k).reduce(Float(0)) { $0 + hostA[i * k + $1] * Float($1) } })
    }
}
