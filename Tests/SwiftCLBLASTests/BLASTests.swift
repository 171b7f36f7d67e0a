import Dispatch
import SwiftCL
import SwiftCLArrays
import SwiftCLBLAS
import SwiftCLTestSupport
import Testing

/// Deterministic values in [-1, 1).
func blasValues(_ count: Int, seed: Int) -> [Double] {
    (0..<count).map { (i: Int) -> Double in
        let mixed: Int = (i &* 2_654_435_761 &+ seed &* 40_503) >> 4
        return Double(mixed % 2001) / 1000 - 1
    }
}

/// Element (r, c) of a `rows × columns` matrix stored with `layout` and leading dimension `ld`.
func element(_ data: [Double], _ r: Int, _ c: Int, layout: BLASLayout, ld: Int, offset: Int = 0) -> Double {
    layout == .rowMajor ? data[offset + r * ld + c] : data[offset + c * ld + r]
}

/// Checks `actual` against the host GEMM, each element within k·ε·Σ|aᵢₗ·bₗⱼ| (+ beta's term) of the Double product.
func expectGEMM<T: BLASScalar>(_: T.Type, m: Int, n: Int, k: Int, layout: BLASLayout, ta: BLASTranspose, tb: BLASTranspose,
                               a: [Double], lda: Int, b: [Double], ldb: Int, c0: [Double], ldc: Int, alpha: Double, beta: Double,
                               actual: [T], offsets: (Int, Int, Int) = (0, 0, 0)) {
    let eps = Double(T.ulpOfOne)
    var worst = 0.0
    for i in 0..<m {
        for j in 0..<n {
            var sum = 0.0, magnitude = 0.0
            for l in 0..<k {
                let x = ta == .none ? element(a, i, l, layout: layout, ld: lda, offset: offsets.0) : element(a, l, i, layout: layout, ld: lda, offset: offsets.0)
                let y = tb == .none ? element(b, l, j, layout: layout, ld: ldb, offset: offsets.1) : element(b, j, l, layout: layout, ld: ldb, offset: offsets.1)
                sum += x * y
                magnitude += abs(x * y)
            }
            let old = beta == 0 ? 0 : element(c0, i, j, layout: layout, ld: ldc, offset: offsets.2)
            let expected = alpha * sum + beta * old
            let got = Double(element(actual.map { Double($0) }, i, j, layout: layout, ld: ldc, offset: offsets.2))
            let bound = Double(k + 2) * eps * (abs(alpha) * magnitude + abs(beta * old)) + 4 * Double(T.leastNormalMagnitude)
            worst = max(worst, abs(got - expected) / bound)
        }
    }
    #expect(worst <= 1, "GEMM \(T.self) \(m)×\(n)×\(k) \(layout) \(ta)/\(tb): error \(worst) × the bound")
}

/// The engines GEMM can run on with `device`: CLBlast always, the host BLAS on a CPU device (where CI installs OpenBLAS:
/// its absence fails the host cases rather than skipping them).
func gemmEngines(_ device: Device) -> [BLASEngine] {
    device.runsHostLibraries ? [.clblast, .hostBLAS] : [.clblast]
}

/// Every device with every engine it offers.
let devicesAndEngines: [(Device, BLASEngine)] = TestDevices.all.flatMap { device in gemmEngines(device).map { (device, $0) } }

@Suite("BLAS on CLBlast")
struct BLASTests {
    @Test("GEMM: all four transpose combinations, both layouts, alpha and beta, padded leading dimensions, each engine",
          arguments: devicesAndEngines, [(1, 1, 1), (3, 5, 7), (17, 13, 9), (64, 33, 65), (131, 1, 257)])
    func gemm(deviceAndEngine: (Device, BLASEngine), shape: (Int, Int, Int)) throws {
        let (device, engine) = deviceAndEngine
        let queue = try makeQueue(device)
        let (m, n, k) = shape
        for layout in [BLASLayout.rowMajor, .columnMajor] {
            for ta in [BLASTranspose.none, .transposed] {
                for tb in [BLASTranspose.none, .transposed] {
                    // Stored shapes: A is m×k (k×m transposed), B k×n (n×k), C m×n; each padded by 3 in its leading dimension.
                    let (ar, ac) = ta == .none ? (m, k) : (k, m), (br, bc) = tb == .none ? (k, n) : (n, k)
                    let lda = (layout == .rowMajor ? ac : ar) + 3, ldb = (layout == .rowMajor ? bc : br) + 3
                    let ldc = (layout == .rowMajor ? n : m) + 3
                    let a = blasValues(lda * max(ar, ac), seed: 1), b = blasValues(ldb * max(br, bc), seed: 2)
                    let c0 = blasValues(ldc * max(m, n), seed: 3)
                    func run<T: BLASScalar>(_: T.Type) throws {
                        let da = try Buffer(copying: a.map { T($0) }, context: queue.context)
                        let db = try Buffer(copying: b.map { T($0) }, context: queue.context)
                        let dc = try Buffer(copying: c0.map { T($0) }, context: queue.context)
                        let event = try queue.sync { cl in
                            try cl.gemm(try BLASMatrix(da, rows: ar, columns: ac, layout: layout, leadingDimension: lda), ta,
                                        times: try BLASMatrix(db, rows: br, columns: bc, layout: layout, leadingDimension: ldb), tb,
                                        into: try BLASMatrix(dc, rows: m, columns: n, layout: layout, leadingDimension: ldc),
                                        alpha: T(1.5), beta: T(-0.5), engine: engine)
                        }
                        #expect(event.status == .complete)
                        #expect(event.label == (engine == .hostBLAS ? "cblas_\(T.blasPrefix.lowercased())gemm" : "CLBlast\(T.blasPrefix)gemm"),
                                "\(event.label)")
                        let result = try queue.sync { cl in try cl.read(dc) }
                        expectGEMM(T.self, m: m, n: n, k: k, layout: layout, ta: ta, tb: tb, a: a, lda: lda, b: b, ldb: ldb,
                                   c0: c0, ldc: ldc, alpha: 1.5, beta: -0.5, actual: result)
                    }
                    try run(Float.self)
                    if device.supportsDoublePrecision { try run(Double.self) }
                }
            }
        }
    }

    @Test("strided batched GEMM: each batch like a single GEMM; beta = 0 does not read C (NaN there) nor touch its gaps",
          arguments: devicesAndEngines)
    func stridedBatched(deviceAndEngine: (Device, BLASEngine)) throws {
        let (device, engine) = deviceAndEngine
        let queue = try makeQueue(device)
        let (m, n, k, batches) = (5, 4, 3, 3)
        let (sa, sb, sc) = (m * k + 2, k * n + 1, m * n + 4)
        let a = blasValues(sa * batches, seed: 4), b = blasValues(sb * batches, seed: 5), c0 = [Double](repeating: .nan, count: sc * batches)
        let da = try Buffer(copying: a.map(Float.init), context: queue.context)
        let db = try Buffer(copying: b.map(Float.init), context: queue.context)
        let dc = try Buffer(copying: c0.map(Float.init), context: queue.context)
        _ = try queue.sync { cl in
            try cl.gemmStridedBatched(try BLASMatrix(da, rows: m, columns: k), times: try BLASMatrix(db, rows: k, columns: n),
                                      into: try BLASMatrix(dc, rows: m, columns: n), strides: (sa, sb, sc), batchCount: batches,
                                      engine: engine)
        }
        let result = try queue.sync { cl in try cl.read(dc) }
        for batch in 0..<batches {
            expectGEMM(Float.self, m: m, n: n, k: k, layout: .rowMajor, ta: .none, tb: .none, a: a, lda: k, b: b, ldb: n,
                       c0: c0, ldc: n, alpha: 1, beta: 0, actual: result, offsets: (batch * sa, batch * sb, batch * sc))
            // The 4 elements between batches' C are not part of any C: still NaN.
            let gapStart = batch * sc + m * n, gapEnd = (batch + 1) * sc
            let gapIsNaN = (gapStart..<gapEnd).allSatisfy { (index: Int) -> Bool in result[index].isNaN }
            #expect(gapIsNaN)
        }
    }

    @Test("batched GEMM: products at their own offsets with their own alpha and beta, transposed, both precisions",
          arguments: devicesAndEngines, [BLASLayout.rowMajor, .columnMajor])
    func batched(deviceAndEngine: (Device, BLASEngine), layout: BLASLayout) throws {
        let (device, engine) = deviceAndEngine
        let queue = try makeQueue(device)
        let (m, n, k) = (7, 5, 33)
        // op(A) = Aᵀ (A stored k×m), op(B) = B (k×n); C m×n padded by 2; the blocks sit at scattered offsets.
        let lda = (layout == .rowMajor ? m : k) + 1, ldb = layout == .rowMajor ? n : k, ldc = (layout == .rowMajor ? n : m) + 2
        let aSpan = lda * (layout == .rowMajor ? k : m), bSpan = ldb * (layout == .rowMajor ? k : n), cSpan = ldc * (layout == .rowMajor ? m : n)
        let aOffsets = [3, 3 + 2 * aSpan, 3 + aSpan], bOffsets = [0, bSpan + 5, 0], cOffsets = [cSpan + 1, 1, 2 * cSpan + 9]
        let alphas = [1.0, -2.0, 0.5], betas = [0.0, 1.5, -1.0]
        let a = blasValues(3 * aSpan + 3, seed: 21), b = blasValues(2 * bSpan + 5, seed: 22)
        var c0 = blasValues(3 * cSpan + 9, seed: 23)
        for i in 0..<m {  // beta = 0: C must not be read
            for j in 0..<n { c0[cOffsets[0] + (layout == .rowMajor ? i * ldc + j : j * ldc + i)] = .nan }
        }
        func run<T: BLASScalar>(_: T.Type) throws {
            let da = try Buffer(copying: a.map { T($0) }, context: queue.context)
            let db = try Buffer(copying: b.map { T($0) }, context: queue.context)
            let dc = try Buffer(copying: c0.map { T($0) }, context: queue.context)
            let products = try (0..<3).map { i in
                GEMMProduct(try BLASMatrix(da, rows: k, columns: m, layout: layout, leadingDimension: lda, offset: aOffsets[i]),
                            times: try BLASMatrix(db, rows: k, columns: n, layout: layout, leadingDimension: ldb, offset: bOffsets[i]),
                            into: try BLASMatrix(dc, rows: m, columns: n, layout: layout, leadingDimension: ldc, offset: cOffsets[i]),
                            alpha: T(alphas[i]), beta: T(betas[i]))
            }
            let event = try queue.sync { cl in try cl.gemmBatched(products, transposeA: .transposed, engine: engine) }
            #expect(event.status == .complete)
            let result = try queue.sync { cl in try cl.read(dc) }
            for i in 0..<3 {
                expectGEMM(T.self, m: m, n: n, k: k, layout: layout, ta: .transposed, tb: .none, a: a, lda: lda, b: b, ldb: ldb,
                           c0: c0, ldc: ldc, alpha: alphas[i], beta: betas[i], actual: result,
                           offsets: (aOffsets[i], bOffsets[i], cOffsets[i]))
            }
            // A product that does not share the batch's buffer or shape is refused before anything runs.
            let other = try Buffer<T>(count: da.count, context: queue.context)
            let stray = GEMMProduct(try BLASMatrix(other, rows: k, columns: m, layout: layout, leadingDimension: lda),
                                    times: products[0].b, into: products[0].c)
            let error = #expect(throws: BLASError.self) {
                try queue.sync { cl in try cl.gemmBatched([products[0], stray], transposeA: .transposed, engine: engine) }
            }
            #expect(error?.code == .invalidArgument)
            #expect(error?.description.contains("product 1's a") == true, "\(String(describing: error))")
            #expect(try queue.sync { cl in try cl.read(dc) } == result, "the refusal changed nothing")
            _ = try queue.sync { cl in try cl.gemmBatched([GEMMProduct<T>]()) }
        }
        try run(Float.self)
        if device.supportsDoublePrecision { try run(Double.self) }
    }

    @Test("GEMM and DOT from several queues at once: every result right", arguments: TestDevices.all)
    func concurrentQueues(device: Device) throws {
        // 17×13×9 transposed (CLBlast's indirect GEMM, with its own scratch) and a 1000-element DOT (a two-stage
        // reduction through scratch), from four queues of the device's shared context at the same time.
        let (m, n, k) = (17, 13, 9)
        let a = blasValues(k * m, seed: 11), b = blasValues(k * n, seed: 12)
        let x = blasValues(1000, seed: 13), y = blasValues(1000, seed: 14)
        let dot = zip(x, y).reduce(0.0) { $0 + Double(Float($1.0)) * Double(Float($1.1)) }
        let magnitude = zip(x, y).reduce(0.0) { $0 + abs(Double(Float($1.0)) * Double(Float($1.1))) }
        let products = Locked<[[Float]]>([]), dots = Locked<[Float]>([]), failure = Locked<String?>(nil)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do {
                let queue = try makeQueue(device)
                let da = try Buffer(copying: a.map(Float.init), context: queue.context)
                let db = try Buffer(copying: b.map(Float.init), context: queue.context)
                let dx = try Buffer(copying: x.map(Float.init), context: queue.context)
                let dy = try Buffer(copying: y.map(Float.init), context: queue.context)
                for _ in 0..<10 {
                    let cs = try (0..<3).map { _ in try Buffer<Float>(count: m * n, context: queue.context) }
                    let out = try Buffer<Float>(count: 3, context: queue.context)
                    let (c, d) = try queue.sync { cl in
                        for (index, c) in cs.enumerated() {
                            try cl.gemm(try BLASMatrix(da, rows: k, columns: m), .transposed, times: try BLASMatrix(db, rows: k, columns: n),
                                        into: try BLASMatrix(c, rows: m, columns: n))
                            try cl.dot(try BLASVector(dx), try BLASVector(dy), into: try BLASVector(out, count: 1, offset: index))
                        }
                        return (try cs.map { try cl.read($0) }, try cl.read(out))
                    }
                    products.withLock { $0 += c }
                    dots.withLock { $0 += d }
                }
            } catch {
                failure.withLock { $0 = "\(error)" }
            }
        }
        #expect(failure.withLock { $0 } == nil)
        let allProducts = products.withLock { $0 }, allDots = dots.withLock { $0 }
        #expect(allProducts.count == 120 && allDots.count == 120)
        for product in allProducts {
            expectGEMM(Float.self, m: m, n: n, k: k, layout: .rowMajor, ta: .transposed, tb: .none, a: a, lda: m, b: b, ldb: n,
                       c0: [], ldc: n, alpha: 1, beta: 0, actual: product)
        }
        let worstDot = allDots.map { abs(Double($0) - dot) }.max() ?? .infinity
        #expect(worstDot <= 1001 * Double(Float.ulpOfOne) * magnitude, "worst DOT error \(worstDot)")
    }

    @Test("GEMV, AXPY, SCAL, DOT, NRM2 with offsets and increments, each engine, both precisions",
          arguments: devicesAndEngines, [1, 7, 1000])
    func vectors(deviceAndEngine: (Device, BLASEngine), count: Int) throws {
        try vectors(Float.self, device: deviceAndEngine.0, engine: deviceAndEngine.1, count: count)
        if deviceAndEngine.0.supportsDoublePrecision {
            try vectors(Double.self, device: deviceAndEngine.0, engine: deviceAndEngine.1, count: count)
        }
    }

    private func vectors<T: BLASScalar>(_: T.Type, device: Device, engine: BLASEngine, count: Int) throws {
        let queue = try makeQueue(device)
        let epsilon = Double(T.ulpOfOne)
        func label(_ name: String) -> String { engine == .hostBLAS ? "cblas_\(T.blasPrefix.lowercased())\(name)" : "CLBlast\(T.blasPrefix)\(name)" }
        let x = blasValues(2 * count + 1, seed: 6), y = blasValues(count + 3, seed: 7)
        let dx = try Buffer(copying: x.map { T($0) }, context: queue.context)
        let dy = try Buffer(copying: y.map { T($0) }, context: queue.context)
        let out = try Buffer<T>(count: 2, context: queue.context)
        let vx = try BLASVector(dx, count: count, offset: 1, increment: 2), vy = try BLASVector(dy, count: count, offset: 3)
        let xs = (0..<count).map { Double(T(x[1 + 2 * $0])) }, ys = (0..<count).map { Double(T(y[3 + $0])) }
        let labels = try queue.sync { cl in
            [try cl.dot(vx, vy, into: try BLASVector(out, count: 1), engine: engine).label,
             try cl.nrm2(vx, into: try BLASVector(out, count: 1, offset: 1), engine: engine).label]
        }
        #expect(labels == [label("dot"), label("nrm2")])
        let results = try queue.sync { cl in try cl.read(out) }
        let dot = zip(xs, ys).reduce(0) { $0 + $1.0 * $1.1 }, magnitude = zip(xs, ys).reduce(0) { $0 + abs($1.0 * $1.1) }
        #expect(abs(Double(results[0]) - dot) <= Double(count + 1) * epsilon * magnitude + 1e-30)
        let norm = xs.reduce(0) { $0 + $1 * $1 }.squareRoot()
        #expect(abs(Double(results[1]) - norm) <= Double(count + 1) * epsilon * norm + 1e-30)
        let updateLabels = try queue.sync { cl in
            [try cl.axpy(T(2), vx, vy, engine: engine).label, try cl.scal(T(-1), vy, engine: engine).label]
        }
        #expect(updateLabels == [label("axpy"), label("scal")])
        let updated = try queue.sync { cl in try cl.read(dy) }
        let expectedY = (0..<count).map { (i: Int) -> T in
            let scaled: T = 2 * T(x[1 + 2 * i])
            return -(scaled + T(y[3 + i]))
        }
        #expect(Array(updated[3...]) == expectedY)
        #expect(Array(updated[..<3]) == y[..<3].map { T($0) })
        // GEMV: a count × 5 matrix, plain and transposed.
        let a = blasValues(count * 5, seed: 8)
        let da = try Buffer(copying: a.map { T($0) }, context: queue.context)
        let v5 = try Buffer(copying: (0..<5).map { T($0) - 2 }, context: queue.context)
        // The outputs start as NaN: with beta = 0 BLAS must not read them (0·NaN would be NaN).
        let vm = try Buffer<T>(copying: [T](repeating: .nan, count: count), context: queue.context)
        let back = try Buffer<T>(copying: [T](repeating: .nan, count: 5), context: queue.context)
        let matrix = try BLASMatrix(da, rows: count, columns: 5)
        let gemvLabel = try queue.sync { cl in
            let event = try cl.gemv(matrix, times: try BLASVector(v5), into: try BLASVector(vm), engine: engine)
            try cl.gemv(matrix, .transposed, times: try BLASVector(vm), into: try BLASVector(back), engine: engine)
            return event.label
        }
        #expect(gemvLabel == label("gemv"))
        let product = (0..<count).map { r in (0..<5).reduce(0.0) { $0 + Double(T(a[r * 5 + $1])) * Double($1 - 2) } }
        let gotProduct = try queue.sync { cl in try cl.read(vm) }
        // Five products of |a| ≤ 1 and |v| ≤ 2: at most ~10 in size, rounding ~10·5·ε.
        let productTolerance = 64 * epsilon * 10
        let productOK = zip(gotProduct, product).allSatisfy { (got: T, want: Double) -> Bool in abs(Double(got) - want) <= productTolerance }
        #expect(productOK, "worst \(zip(gotProduct, product).map { abs(Double($0.0) - $0.1) }.max() ?? 0)")
        let transposed = (0..<5).map { (c: Int) -> Double in
            (0..<count).reduce(0.0) { (sum: Double, r: Int) -> Double in sum + Double(T(a[r * 5 + c])) * Double(gotProduct[r]) }
        }
        let tolerance: Double = 100 * epsilon * Double(count) * 8
        let gotBack = try queue.sync { cl in try cl.read(back) }
        let backOK = zip(gotBack, transposed).allSatisfy { (got: T, want: Double) -> Bool in abs(Double(got) - want) <= tolerance }
        #expect(backOK)
    }

    @Test("DeviceArray.matrixProduct and an event another queue waits for", arguments: TestDevices.all)
    func arraysAndEvents(device: Device) async throws {
        let queue = try makeQueue(device)
        let a = try DeviceArray<Float>((0..<6).map(Float.init), shape: [2, 3], on: queue)
        let b = try DeviceArray<Float>((0..<12).map(Float.init), shape: [3, 4], on: queue)
        let c = try a.matrixProduct(b)
        #expect(c.shape == [2, 4])
        #expect(try await c.toArray() == [20, 23, 26, 29, 56, 68, 80, 92])
        let x = try Buffer<Float>(copying: [1, 2, 3], context: queue.context)
        let vector = try BLASVector(x)
        let event = try await queue.run { cl in try cl.scal(Float(10), vector) }
        try await event.completed
        let other = try ComputeQueue(device: device, context: queue.context)
        let values: [Float] = try await other.run { cl in
            try cl.wait(for: [event])
            return try cl.read(x)
        }
        #expect(values == [10, 20, 30])
        #expect(try event.times.ended >= event.times.started)
    }

    @Test("DeviceArray GEMV (both transposes, views), AXPY and SCAL in place match the host", arguments: TestDevices.all,
          [(1, 1), (7, 33), (33, 7), (100, 13)])
    func arrayLevel2(device: Device, size: (rows: Int, columns: Int)) throws {
        let queue = try makeQueue(device)
        let (m, n) = size
        let host = (0..<(m * n)).map { Double(($0 * 13) % 11) - 5 }
        let a = try DeviceArray(host, shape: [m, n], on: queue)
        let xs = (0..<n).map { Double($0 % 4) + 0.5 }, ys = (0..<m).map { Double($0 % 3) - 1 }
        let product = try a.matrixVectorProduct(try DeviceArray(xs, on: queue)).toArray()
        let expectedProduct: [Double] = (0..<m).map { (r: Int) -> Double in (0..<n).reduce(0.0) { (t: Double, c: Int) -> Double in t + host[r * n + c] * xs[c] } }
        #expect(product == expectedProduct)
        let transposedProduct = try a.matrixVectorProduct(try DeviceArray(ys, on: queue), transposed: true).toArray()
        let expectedTransposed: [Double] = (0..<n).map { (c: Int) -> Double in (0..<m).reduce(0.0) { (t: Double, r: Int) -> Double in t + host[r * n + c] * ys[r] } }
        #expect(transposedProduct == expectedTransposed)
        // AXPY and SCAL on a view: only its elements change.
        let whole = try DeviceArray((0..<(n + 4)).map { Double($0) }, on: queue)
        let view = try whole[2..<(n + 2)]
        try view.add(try DeviceArray(xs, on: queue), scaledBy: 2)
        try view.scale(by: -1)
        let expected: [Double] = (0..<(n + 4)).map { (i: Int) -> Double in
            guard (2..<(n + 2)).contains(i) else { return Double(i) }
            let scaled: Double = Double(i) + 2.0 * xs[i - 2]
            return -scaled
        }
        #expect(try whole.toArray() == expected)
        #expect((thrownError { _ = try a.matrixVectorProduct(try DeviceArray(ys + [1], on: queue)) } as? BLASError)?.code == .dimensionMismatch)
        #expect((thrownError { try view.add(try DeviceArray(xs + [1], on: queue), scaledBy: 1) } as? BLASError)?.code == .dimensionMismatch)
        #expect(try whole.toArray() == expected, "refused calls change nothing")
    }

    @Test("bad shapes are refused before CLBlast runs, naming the operand; nothing changes")
    func refusals() throws {
        let queue = try ComputeQueue(preferring: [.gpu, .cpu])
        let buffer = try Buffer<Float>(copying: [Float](repeating: 1, count: 12), context: queue.context)
        #expect { _ = try BLASMatrix(buffer, rows: 4, columns: 4) } throws: {
            ($0 as? BLASError)?.code == .bufferTooSmall && "\($0)".contains("needs 16 elements")
        }
        #expect { _ = try BLASMatrix(buffer, rows: 2, columns: 3, leadingDimension: 2) } throws: {
            ($0 as? BLASError)?.code == .invalidArgument && "\($0)".contains("leading dimension 2")
        }
        #expect { _ = try BLASVector(buffer, count: 7, increment: 2) } throws: { ($0 as? BLASError)?.code == .bufferTooSmall }
        let a = try BLASMatrix(buffer, rows: 2, columns: 3), b = try BLASMatrix(buffer, rows: 2, columns: 2)
        let c = try BLASMatrix(buffer, rows: 2, columns: 2)
        #expect { try queue.sync { cl in _ = try cl.gemm(a, times: b, into: c) } } throws: {
            ($0 as? BLASError)?.code == .dimensionMismatch && "\($0)".contains("b:")
        }
        #expect { try queue.sync { cl in _ = try cl.gemm(a, .transposed, times: b, into: c) } } throws: {
            ($0 as? BLASError)?.code == .dimensionMismatch && "\($0)".contains("c:")
        }
        let columnMajor = try BLASMatrix(buffer, rows: 3, columns: 2, layout: .columnMajor)
        #expect { try queue.sync { cl in _ = try cl.gemm(a, times: columnMajor, into: c) } } throws: {
            ($0 as? BLASError)?.code == .invalidArgument && "\($0)".contains("layout")
        }
        #expect { try queue.sync { cl in _ = try cl.axpy(Float(1), try BLASVector(buffer, count: 3), try BLASVector(buffer, count: 4)) } } throws: {
            ($0 as? BLASError)?.code == .dimensionMismatch
        }
        #expect { _ = try DeviceArray<Float>([1, 2], on: queue).matrixProduct(try DeviceArray<Float>([1, 2], on: queue)) } throws: {
            ($0 as? BLASError)?.code == .invalidArgument && "\($0)".contains("2-D")
        }
        #expect(try queue.sync { cl in try cl.read(buffer) } == [Float](repeating: 1, count: 12))
    }
}
