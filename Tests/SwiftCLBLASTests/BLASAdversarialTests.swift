import SwiftCL
import SwiftCLArrays
import SwiftCLBLAS
import SwiftCLTestSupport
import Testing

/// Integers at and around every boundary a size, offset, stride or count can cross.
let extremeIntegers = [Int.min, Int.min + 1, -(1 << 32), -1, 0, 1, 2, 3, 7, 1 << 31, 1 << 32, 1 << 62, Int.max / 2, Int.max - 1, Int.max]

/// A client's own conformance (CLBlast has no routine for it here): must be refused, not crash on a cast.
extension Float16: BLASScalar {
    public static var blasPrefix: String { "H" }
}

/// Issue 40: BLAS views and routines under extreme integers, overlapping operands and foreign element types. Every
/// input either gives a typed ``BLASError`` (nothing enqueued, nothing changed) or the right answer; none traps.
@Suite("BLAS under adversarial input")
struct BLASAdversarialTests {
    @Test("the views of the issue's report throw typed errors instead of trapping on overflow")
    func reportedOverflows() throws {
        let queue = try ComputeQueue(preferring: [.gpu, .cpu])
        let buffer = try Buffer<Float>(count: 16, context: queue.context)
        let refusals: [(String, () throws -> Void)] = [
            ("ld Int.max/2", { _ = try BLASMatrix(buffer, rows: 3, columns: 3, leadingDimension: Int.max / 2) }),
            ("offset Int.max", { _ = try BLASMatrix(buffer, rows: 2, columns: 2, offset: Int.max) }),
            ("rows Int.max", { _ = try BLASMatrix(buffer, rows: Int.max, columns: 2) }),
            ("offset Int.min", { _ = try BLASVector(buffer, offset: Int.min) }),
            ("count 3, increment Int.max", { _ = try BLASVector(buffer, count: 3, increment: Int.max) }),
        ]
        for (name, refusal) in refusals {
            #expect(thrownError(refusal) is BLASError, "\(name)")
        }
        // BLASVector(increment: Int.max) with no count is one element (the first), which fits.
        #expect(try BLASVector(buffer, increment: Int.max).count == 1)
        #expect(try BLASVector(buffer, offset: 16).count == 0)
        let a = try BLASMatrix(buffer, rows: 2, columns: 2), b = try BLASMatrix(buffer, rows: 2, columns: 2, offset: 4)
        let c = try BLASMatrix(buffer, rows: 2, columns: 2, offset: 8)
        #expect(throws: BLASError.self) {
            try queue.sync { cl in _ = try cl.gemmStridedBatched(a, times: b, into: c, strides: (a: Int.max / 2, b: 0, c: 0), batchCount: 3) }
        }
    }

    @Test("every extreme rows × columns × leading dimension × offset, and count × offset × increment: a view or a BLASError")
    func extremeViews() throws {
        let queue = try ComputeQueue(preferring: [.gpu, .cpu])
        let buffer = try Buffer<Float>(count: 64, context: queue.context)
        var (made, refused) = (0, 0)
        for rows in extremeIntegers {
            for columns in extremeIntegers {
                for ld in extremeIntegers as [Int?] + [nil] {
                    for offset in extremeIntegers {
                        for layout in [BLASLayout.rowMajor, .columnMajor] {
                            do {
                                let m = try BLASMatrix(buffer, rows: rows, columns: columns, layout: layout, leadingDimension: ld, offset: offset)
                                // A view that was made lies inside the buffer.
                                let (inner, outer) = layout == .rowMajor ? (m.columns, m.rows) : (m.rows, m.columns)
                                #expect(inner == 0 || outer == 0 || m.offset + (outer - 1) * m.leadingDimension + inner <= buffer.count)
                                made += 1
                            } catch is BLASError {
                                refused += 1
                            }
                        }
                    }
                }
            }
        }
        for count in extremeIntegers as [Int?] + [nil] {
            for offset in extremeIntegers {
                for increment in extremeIntegers {
                    do {
                        let v = try BLASVector(buffer, count: count, offset: offset, increment: increment)
                        #expect(v.count == 0 || v.offset + (v.count - 1) * v.increment < buffer.count)
                        made += 1
                    } catch is BLASError {
                        refused += 1
                    }
                }
            }
        }
        print("BLAS views: \(made + refused) inputs, \(made) views, \(refused) typed refusals")
        #expect(made > 0 && refused > 0)
    }

    @Test("strided batched GEMM under extreme strides and batch counts: a BLASError, or every batch right", arguments: TestDevices.all)
    func extremeBatches(device: Device) throws {
        let queue = try makeQueue(device)
        let host = (0..<64).map { Float($0 % 7) - 3 }
        let inputs = try Buffer(copying: host, context: queue.context)
        let output = try Buffer<Float>(count: 64, context: queue.context)
        let a = try BLASMatrix(inputs, rows: 2, columns: 2), b = try BLASMatrix(inputs, rows: 2, columns: 2, offset: 4)
        let c = try BLASMatrix(output, rows: 2, columns: 2)
        let strides = [0, 1, 4, 5, 16, Int.max / 2, Int.max, -1, Int.min]
        let counts = [0, 1, 2, 3, 15, 16, 17, Int.max, -1]
        var (ran, refused) = (0, 0)
        for sa in strides { for sb in strides { for sc in strides { for count in counts {
            do {
                try queue.sync { cl in
                    try cl.fill(output, with: .nan)
                    _ = try cl.gemmStridedBatched(a, times: b, into: c, strides: (a: sa, b: sb, c: sc), batchCount: count)
                }
                let result = try queue.sync { cl in try cl.read(output) }
                for batch in 0..<count {
                    for i in 0..<2 { for j in 0..<2 {
                        let expected = (0..<2).reduce(Float(0)) { $0 + host[batch * sa + i * 2 + $1] * host[4 + batch * sb + $1 * 2 + j] }
                        #expect(result[batch * sc + i * 2 + j] == expected, "strides \(sa) \(sb) \(sc), \(count) batches")
                    } }
                }
                ran += 1
            } catch is BLASError {
                refused += 1
            }
        } } } }
        print("BLAS strided batches: \(ran + refused) inputs, \(ran) right, \(refused) typed refusals")
        #expect(ran > 0 && refused > 0)
    }

    @Test("an output overlapping an input is refused before anything runs; interleaved and identical operands are allowed",
          arguments: TestDevices.all)
    func overlappingOperands(device: Device) throws {
        let queue = try makeQueue(device)
        let host = (0..<64).map { Float($0 % 5) + 1 }
        let buffer = try Buffer(copying: host, context: queue.context)
        let a = try BLASMatrix(buffer, rows: 2, columns: 2), b = try BLASMatrix(buffer, rows: 2, columns: 2, offset: 4)
        func refused(_ name: String, _ body: (ComputeEncoder) throws -> Void) {
            let error = thrownError { try queue.sync(body) }
            #expect((error as? BLASError)?.code == .overlappingOperands, "\(name): \(String(describing: error))")
        }
        // The report's case: C is A (beta 0 zeroed A first, so the product was all zeros).
        refused("gemm into A") { cl in _ = try cl.gemm(a, times: b, into: a) }
        refused("gemm into B") { cl in _ = try cl.gemm(a, times: b, into: b) }
        refused("C straddling A's last row") { cl in _ = try cl.gemm(a, times: b, into: try BLASMatrix(buffer, rows: 2, columns: 2, offset: 3)) }
        // The same memory through another buffer object: a sub-buffer, a reinterpretation.
        let alias = try buffer[0..<64]
        refused("gemm into a sub-buffer over A") { cl in _ = try cl.gemm(a, times: b, into: try BLASMatrix(alias, rows: 2, columns: 2, offset: 1)) }
        let reinterpreted = try buffer.reinterpreted(as: Float.self)
        refused("gemm into a reinterpretation of A") { cl in _ = try cl.gemm(a, times: b, into: try BLASMatrix(reinterpreted, rows: 2, columns: 2)) }
        let c = try BLASMatrix(buffer, rows: 2, columns: 2, offset: 8)
        refused("strided batches writing one C") { cl in _ = try cl.gemmStridedBatched(a, times: b, into: c, strides: (a: 0, b: 0, c: 0), batchCount: 2) }
        refused("strided C batches overlapping") { cl in _ = try cl.gemmStridedBatched(a, times: b, into: c, strides: (a: 0, b: 0, c: 2), batchCount: 2) }
        refused("strided C batch reaching B's batch") { cl in _ = try cl.gemmStridedBatched(a, times: b, into: c, strides: (a: 0, b: 4, c: 0), batchCount: 2) }
        refused("batched products sharing one C") { cl in _ = try cl.gemmBatched([GEMMProduct(a, times: b, into: c), GEMMProduct(a, times: b, into: c)]) }
        refused("batched C over another product's A") { cl in
            _ = try cl.gemmBatched([GEMMProduct(a, times: b, into: c), GEMMProduct(try BLASMatrix(buffer, rows: 2, columns: 2, offset: 8), times: b,
                                                                                into: try BLASMatrix(buffer, rows: 2, columns: 2, offset: 12))])
        }
        let x = try BLASVector(buffer, count: 2, offset: 20), y = try BLASVector(buffer, count: 2, offset: 21)
        refused("gemv y over x") { cl in _ = try cl.gemv(a, times: x, into: y) }
        refused("gemv y over A") { cl in _ = try cl.gemv(a, times: x, into: try BLASVector(buffer, count: 2, offset: 2)) }
        refused("axpy y shifted over x") { cl in _ = try cl.axpy(Float(2), x, y) }
        refused("dot result inside x") { cl in _ = try cl.dot(x, x, into: try BLASVector(buffer, count: 1, offset: 21)) }
        refused("nrm2 result inside x") { cl in _ = try cl.nrm2(x, into: try BLASVector(buffer, count: 1, offset: 20)) }
        #expect(try queue.sync { cl in try cl.read(buffer) } == host, "a refusal changed the buffer")

        // Interleaved but disjoint: C is the right half of a 2×4 matrix whose left half is A (leading dimension 4).
        let left = try BLASMatrix(buffer, rows: 2, columns: 2, leadingDimension: 4, offset: 32)
        let right = try BLASMatrix(buffer, rows: 2, columns: 2, leadingDimension: 4, offset: 34)
        let even = try BLASVector(buffer, count: 4, offset: 40, increment: 2), odd = try BLASVector(buffer, count: 4, offset: 41, increment: 2)
        try queue.sync { cl in
            _ = try cl.gemm(left, times: b, into: right)
            _ = try cl.axpy(Float(1), even, odd)
            _ = try cl.axpy(Float(3), even, even)    // y is x itself: y ← 4·y, elementwise
        }
        let after = try queue.sync { cl in try cl.read(buffer) }
        for i in 0..<2 { for j in 0..<2 {
            let expected = (0..<2).reduce(Float(0)) { $0 + host[32 + i * 4 + $1] * host[4 + $1 * 2 + j] }
            #expect(after[34 + i * 4 + j] == expected)
        } }
        for k in 0..<4 {
            #expect(after[41 + 2 * k] == host[41 + 2 * k] + host[40 + 2 * k])
            #expect(after[40 + 2 * k] == 4 * host[40 + 2 * k])
        }
    }

    @Test("k = 0 is an empty sum: C ← βC on every engine and GEMM form (β = 0 clears NaNs, β = 1 keeps C)",
          arguments: TestDevices.all)
    func emptyInnerDimension(device: Device) throws {
        let queue = try makeQueue(device)
        let empty = try Buffer<Float>(count: 1, context: queue.context)
        let a = try BLASMatrix(empty, rows: 3, columns: 0), b = try BLASMatrix(empty, rows: 0, columns: 5)
        let start: [Float] = [.nan] + (1..<20).map(Float.init)
        for engine in [BLASEngine.clblast, .automatic] {
            for beta: Float in [0, 1, -2.5] {
                // C is 3×5 with leading dimension 6 (a padding column untouched), then two batches 20 apart.
                let buffer = try Buffer(copying: start + start, context: queue.context)
                let c = try BLASMatrix(buffer, rows: 3, columns: 5, leadingDimension: 6)
                try queue.sync { cl in _ = try cl.gemm(a, times: b, into: c, alpha: 7, beta: beta, engine: engine) }
                let once = try queue.sync { cl in try cl.read(buffer) }
                for index in 0..<40 {
                    let (row, column) = ((index % 20) / 6, (index % 20) % 6)
                    let inC = index < 20 && row < 3 && column < 5
                    let expected = inC ? (beta == 0 ? 0 : beta * start[index]) : start[index % 20]
                    #expect(once[index] == expected || (once[index].isNaN && expected.isNaN), "\(engine) β \(beta) [\(index)]")
                }
                let batched = try Buffer(copying: start + start, context: queue.context)
                let first = try BLASMatrix(batched, rows: 3, columns: 5, leadingDimension: 6)
                try queue.sync { cl in
                    _ = try cl.gemmStridedBatched(a, times: b, into: first, strides: (a: 0, b: 0, c: 20), batchCount: 2, beta: beta,
                                                  engine: engine)
                }
                let twice = try queue.sync { cl in try cl.read(batched) }
                for index in 0..<40 {
                    let (row, column) = ((index % 20) / 6, (index % 20) % 6)
                    let expected = row < 3 && column < 5 ? (beta == 0 ? 0 : beta * start[index % 20]) : start[index % 20]
                    #expect(twice[index] == expected || (twice[index].isNaN && expected.isNaN), "batched \(engine) β \(beta) [\(index)]")
                }
            }
        }
    }

    @Test("a client's own BLASScalar conformance is refused with a typed error (no crash on a cast)")
    func foreignScalar() throws {
        let queue = try ComputeQueue(preferring: [.gpu, .cpu])
        let buffer = try Buffer<Float16>(count: 16, context: queue.context)
        let a = try BLASMatrix(buffer, rows: 2, columns: 2), b = try BLASMatrix(buffer, rows: 2, columns: 2, offset: 4)
        let c = try BLASMatrix(buffer, rows: 2, columns: 2, offset: 8)
        for beta in [Float16(0), Float16(1)] {
            #expect(performing: { try queue.sync { cl in _ = try cl.gemm(a, times: b, into: c, beta: beta) } },
                    throws: { ($0 as? BLASError)?.code == .unsupportedPrecision && "\($0)".contains("Float16") })
        }
        #expect(performing: { try queue.sync { cl in _ = try cl.scal(Float16(2), try BLASVector(buffer)) } },
                throws: { ($0 as? BLASError)?.code == .unsupportedPrecision })
    }
}
