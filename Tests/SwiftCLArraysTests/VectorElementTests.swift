import SwiftCL
import SwiftCLArrays
import SwiftCLTestSupport
import Testing

/// Host data for vector tests: element `k` has lanes `base(k, lane)` (small exact values).
private func vectors<V: SIMD>(_ count: Int, _ type: V.Type, _ value: (Int, Int) -> V.Scalar) -> [V] {
    (0..<count).map { k in
        var v = V()
        for lane in 0..<V.scalarCount { v[lane] = value(k, lane) }
        return v
    }
}

@Suite("Vector elements (SIMD2…SIMD16) in elementwise work")
struct VectorElementTests {
    @Test("a * x + y on float4 arrays, fused, matches the host at every size", arguments: TestDevices.all, arraySizes)
    func axpy(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let x = vectors(count, SIMD4<Float>.self) { k, lane in Float((k + 3 * lane) % 1000) * 0.25 }
        let y = vectors(count, SIMD4<Float>.self) { k, lane in Float((k * 7 + lane) % 9) - 4 }
        let a = SIMD4<Float>(2.5, -1, 0.5, 4)
        let dx = try DeviceArray(x, on: queue), dy = try DeviceArray(y, on: queue)
        #expect(try (a * dx + dy).evaluated().toArray() == zip(x, y).map { a * $0 + $1 })
        try dy.assign(dx * SIMD4(repeating: 2) - dy)
        #expect(try dy.toArray() == zip(x, y).map { $0 * 2 - $1 }, "in place")
    }

    @Test("every width of Float vectors: arithmetic, math, lanes, where, views, reshape", arguments: TestDevices.all, [2, 3, 4, 8, 16])
    func widths(device: Device, lanes: Int) throws {
        let queue = try makeQueue(device)
        switch lanes {
        case 2: try checkFloatVectors(SIMD2<Float>.self, on: queue)
        case 3: try checkFloatVectors(SIMD3<Float>.self, on: queue)
        case 4: try checkFloatVectors(SIMD4<Float>.self, on: queue)
        case 8: try checkFloatVectors(SIMD8<Float>.self, on: queue)
        default: try checkFloatVectors(SIMD16<Float>.self, on: queue)
        }
    }

    private func checkFloatVectors<V>(_ type: V.Type, on queue: ComputeQueue) throws
    where V: SIMD & ArrayStorable, V.Scalar == Float, V.Lane == Float {
        let count = 37
        let x = vectors(count, V.self) { k, lane in Float(k % 11) - 5 + Float(lane) * 0.5 }
        let y = vectors(count, V.self) { k, lane in Float((k + lane) % 5) + 1 }
        let dx = try DeviceArray(x, on: queue), dy = try DeviceArray(y, on: queue)
        #expect(try (dx * dy - dx / dy).evaluated().toArray() == zip(x, y).map { $0 * $1 - $0 / $1 }, "\(V.self) arithmetic")
        #expect(try (-dx).evaluated().toArray() == x.map { -$0 })
        #expect(try ArrayMath.max(dx, dy).evaluated().toArray() == zip(x, y).map { pointwiseMax($0, $1) })
        #expect(try ArrayMath.abs(dx).evaluated().toArray() == x.map { v in V((0..<V.scalarCount).map { Swift.abs(v[$0]) }) })
        #expect(try ArrayMath.clamp(dx, -1, 2).evaluated().toArray() == x.map { $0.clamped(lowerBound: V(repeating: -1), upperBound: V(repeating: 2)) })
        #expect(try (dx % dy).evaluated().toArray() == zip(x, y).map { a, b in V((0..<V.scalarCount).map { a[$0].truncatingRemainder(dividingBy: b[$0]) }) })
        let roots = try ArrayMath.sqrt(dy).evaluated().toArray()
        for (root, value) in zip(roots, y) {
            for lane in 0..<V.scalarCount { #expect(abs(root[lane] - value[lane].squareRoot()) <= 2e-7 * value[lane].squareRoot()) }
        }
        for lane in 0..<V.scalarCount {
            #expect(try dx.lane(lane).evaluated().toArray() == x.map { $0[lane] }, "lane \(lane) of \(V.self)")
        }
        let picked = try ArrayMath.where(try dx.lane(0) .> 0, dx, dy).evaluated().toArray()
        #expect(picked == zip(x, y).map { $0[0] > 0 ? $0 : $1 }, "a scalar mask picks whole vectors")
        #expect(try DeviceArray<V>.zeros([count], on: queue).toArray() == [V](repeating: V(), count: count))
        #expect(try DeviceArray.filled(with: x[3], shape: [2, 3], on: queue).toArray() == [V](repeating: x[3], count: 6))
        let view = try dx[5..<20].reshaped([3, 5])
        #expect(try (view + view).evaluated().toArray() == x[5..<20].map { $0 + $0 }, "a view that does not start its buffer")
        #expect(try dx.copy().toArray() == x)
    }

    private func pointwiseMax<V: SIMD>(_ a: V, _ b: V) -> V where V.Scalar: FloatingPoint {
        V((0..<V.scalarCount).map { Swift.max(a[$0], b[$0]) })
    }

    @Test("integer vectors: wrapping arithmetic, bit operations, shifts, remainders", arguments: TestDevices.all)
    func integers(device: Device) throws {
        let queue = try makeQueue(device)
        let a = vectors(29, SIMD4<Int32>.self) { k, lane in Int32(k * 1_000_003 &* (lane + 1)) - 14_000_000 }
        let b = vectors(29, SIMD4<Int32>.self) { k, lane in Int32((k + lane) % 13) + 1 }
        let da = try DeviceArray(a, on: queue), db = try DeviceArray(b, on: queue)
        #expect(try (da & db | ~da ^ db).evaluated().toArray() == zip(a, b).map { $0 & $1 | ~$0 ^ $1 })
        let shifts = SIMD4<Int32>(0, 1, 13, 31)
        #expect(try (da << shifts).evaluated().toArray() == a.map { $0 &<< shifts }, "shifts lane by lane")
        #expect(try (da >> shifts).evaluated().toArray() == a.map { $0 &>> shifts })
        #expect(try (da % db).evaluated().toArray() == zip(a, b).map { x, y in SIMD4((0..<4).map { x[$0] % y[$0] }) })
        #expect(try (da / db).evaluated().toArray() == zip(a, b).map { $0 / $1 })
        #expect(try ArrayMath.abs(da).evaluated().toArray() == a.map { v in SIMD4((0..<4).map { Int32(v[$0].magnitude) }) })
        let bytes = vectors(17, SIMD16<UInt8>.self) { k, lane in UInt8(truncatingIfNeeded: k * 31 + lane * 17) }
        let dbytes = try DeviceArray(bytes, on: queue)
        let wrapped: [SIMD16<UInt8>] = bytes.map { (v: SIMD16<UInt8>) -> SIMD16<UInt8> in v &+ v &* v }
        #expect(try (dbytes + dbytes * dbytes).evaluated().toArray() == wrapped, "uchar16 wraps")
        let shorts = vectors(9, SIMD3<Int16>.self) { k, lane in Int16(k * 1000 - lane * 3000) }
        let dshorts = try DeviceArray(shorts, on: queue)
        let negated = -dshorts
        let smaller: [SIMD3<Int16>] = shorts.map { (v: SIMD3<Int16>) -> SIMD3<Int16> in v.replacing(with: 0 &- v, where: 0 &- v .< v) }
        #expect(try ArrayMath.min(dshorts, negated).evaluated().toArray() == smaller, "short3 (three lanes stored as four, like OpenCL)")
    }

    @Test("lanes converted, vectors assembled from scalar arrays, geometric functions", arguments: TestDevices.all)
    func lanesAndGeometry(device: Device) throws {
        let queue = try makeQueue(device)
        let ints = vectors(23, SIMD4<Int32>.self) { k, lane in Int32(k * 3 - lane * 7) }
        let dints = try DeviceArray(ints, on: queue)
        #expect(try dints.converted(to: Float.self).evaluated().toArray() == ints.map { SIMD4<Float>($0) })
        let floats = vectors(23, SIMD8<Float>.self) { k, lane in Float(k) * 0.75 - Float(lane) * 1.5 }
        #expect(try DeviceArray(floats, on: queue).converted(to: Int32.self).evaluated().toArray()
                == floats.map { SIMD8<Int32>($0, rounding: .towardZero) }, "convert_int8 truncates like a C cast")

        let xs: [Float] = (0..<31).map { Float($0) - 15 }, ys: [Float] = (0..<31).map { Float($0 % 4) + 0.5 }
        let zs: [Float] = (0..<31).map { Float($0 % 3) - 1 }
        let dxs = try DeviceArray(xs, on: queue), dys = try DeviceArray(ys, on: queue), dzs = try DeviceArray(zs, on: queue)
        let assembled = try ArrayMath.vector(dxs, dys * 2, dzs).evaluated()
        let hostVectors = (0..<31).map { SIMD3<Float>(xs[$0], ys[$0] * 2, zs[$0]) }
        #expect(try assembled.toArray() == hostVectors)
        #expect(try ArrayMath.vector(dxs, dys).evaluated().toArray() == (0..<31).map { SIMD2(xs[$0], ys[$0]) })
        #expect(try ArrayMath.vector(dxs, dys, dzs, dxs).evaluated().toArray() == (0..<31).map { SIMD4(xs[$0], ys[$0], zs[$0], xs[$0]) })

        let other = try ArrayMath.vector(dys, dzs, dxs).evaluated()
        let otherHost = (0..<31).map { SIMD3<Float>(ys[$0], zs[$0], xs[$0]) }
        let dots = try ArrayMath.dot(assembled, other).evaluated().toArray()
        let lengths = try ArrayMath.length(assembled).evaluated().toArray()
        let crosses = try ArrayMath.cross(assembled, other).evaluated().toArray()
        let units = try ArrayMath.normalize(assembled).evaluated().toArray()
        for k in 0..<31 {
            let u = hostVectors[k], v = otherHost[k]
            let dot = (u * v).sum(), length = (u * u).sum().squareRoot()
            #expect(abs(dots[k] - dot) <= 1e-5 * Swift.max(1, abs(dot)), "dot \(k)")
            #expect(abs(lengths[k] - length) <= 1e-5 * Swift.max(1, length), "length \(k)")
            let cross = SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
            #expect(((crosses[k] - cross) * (crosses[k] - cross)).sum() <= 1e-8 * Swift.max(1, (cross * cross).sum()), "cross \(k)")
            if length > 0 { #expect(abs((units[k] * units[k]).sum() - 1) <= 1e-5, "normalize \(k)") }
        }
        let flat = try DeviceArray((0..<8).map { SIMD2<Float>(Float($0), 1) }, on: queue)
        #expect(try ArrayMath.dot(flat, flat).evaluated().toArray() == (0..<8).map { Float($0 * $0 + 1) })
    }

    @Test("double3 vectors where the device has fp64; half vectors refused without fp16", arguments: TestDevices.all)
    func precisions(device: Device) throws {
        let queue = try makeQueue(device)
        if device.supportsDoublePrecision {
            let d = vectors(13, SIMD3<Double>.self) { k, lane in Double(k) * 0.25 + Double(lane) }  // exact products: no contraction question
            let dd = try DeviceArray(d, on: queue)
            #expect(try (dd * dd + dd).evaluated().toArray() == d.map { $0 * $0 + $0 })
            #expect(try dd.converted(to: Float.self).evaluated().toArray() == d.map { SIMD3<Float>($0) })
        }
        if !device.extensions.contains("cl_khr_fp16") {
            let error = #expect(throws: ArrayError.self) { try DeviceArray<SIMD4<Float16>>.zeros([3], on: queue) }
            #expect(error?.code == .unsupportedElement)
            #expect(error?.description.contains("cl_khr_fp16") == true, "\(String(describing: error))")
        }
    }

    @Test("bad input on vector arrays is refused and changes nothing", arguments: TestDevices.all)
    func refusals(device: Device) throws {
        let queue = try makeQueue(device)
        let x = vectors(5, SIMD4<Float>.self) { k, lane in Float(k + lane) }
        let dx = try DeviceArray(x, on: queue), other = try DeviceArray<SIMD4<Float>>.zeros([6], on: queue)
        let lane = #expect(throws: ArrayError.self) { _ = try dx.lane(4) }
        #expect(lane?.code == .invalidArgument)
        #expect(lane?.description.contains("0..<4") == true, "\(String(describing: lane))")
        let shapes = #expect(throws: ArrayError.self) { try (dx + other).evaluated() }
        #expect(shapes?.code == .shapeMismatch)
        #expect(throws: ArrayError.self) { try dx.assign(other * other) }
        #expect(try dx.toArray() == x, "unchanged")
        #expect(try (dx + dx).evaluated().toArray() == x.map { $0 + $0 }, "usable afterwards")
    }

    @Test("the Arrays article's vector example runs as written", arguments: TestDevices.all)
    func articleExample(device: Device) throws {
        let queue = try makeQueue(device)
        let points = vectors(10, SIMD4<Float>.self) { k, lane in Float(k * 4 + lane) }
        let velocities = try DeviceArray(vectors(10, SIMD4<Float>.self) { k, _ in Float(k % 3) }, on: queue)
        let dt: Float = 0.5
        let x = try DeviceArray<Float>((0..<10).map { Float($0) }, on: queue), y = x, z = x
        // Begin article code (Arrays.md, "Vector elements")
        let positions = try DeviceArray<SIMD4<Float>>(points, on: queue)
        let moved = try (positions + velocities * SIMD4(repeating: dt)).evaluated()
        let radii = try ArrayMath.length(ArrayMath.vector(x, y, z)).evaluated()     // float3 from three Float arrays
        let depth = try positions.lane(2).evaluated()                              // a DeviceArray<Float>
        let rounded = positions.converted(to: Int32.self)                          // SIMD4<Int32>, like convert_int4
        // End article code (Arrays.md, "Vector elements")
        #expect(try moved.toArray() == (0..<10).map { points[$0] + SIMD4(repeating: Float($0 % 3) * dt) })
        let expectedRadii = (0..<10).map { (3 * Float($0 * $0)).squareRoot() }
        for (got, want) in zip(try radii.toArray(), expectedRadii) { #expect(abs(got - want) <= 1e-5 * Swift.max(1, want)) }
        #expect(try depth.toArray() == points.map { $0.z })
        #expect(try rounded.evaluated().toArray() == points.map { SIMD4<Int32>($0) })
        #expect(try (positions * [2, 2, 2, 2]).evaluated().toArray() == points.map { $0 * 2 }, "a lane value as a vector literal")
        #expect(try positions.lane(0).evaluated().sum() == points.reduce(0) { $0 + $1.x }, "a lane reduced")
        let (snippet, article) = try documentedSnippet(in: #filePath, marker: "(Arrays.md, \"Vector elements\")", indent: 8,
                                                       document: "Sources/SwiftCLArrays/SwiftCLArrays.docc/Arrays.md")
        #expect(article.contains(snippet), "Arrays.md must show the vector example verbatim")
    }

    @Test("a user ElementwiseKernel over float4 arrays with a float4 argument", arguments: TestDevices.all)
    func userKernel(device: Device) throws {
        let queue = try makeQueue(device)
        let x = vectors(1023, SIMD4<Float>.self) { k, lane in Float(k % 17) + Float(lane) }
        let dx = try DeviceArray(x, on: queue), dy = try DeviceArray<SIMD4<Float>>.zeros([1023], on: queue)
        let kernel = try ElementwiseKernel(context: queue.context, arguments: "float4 a, global const float4 *x, global float4 *y",
                                           operation: "y[i] = a * x[i] + (float4)(1.0f)", name: "vector_axpy")
        let a = SIMD4<Float>(1, 2, 3, 4)
        try kernel(count: 1023, on: queue, a, dx, dy)
        #expect(try dy.toArray() == x.map { a * $0 + 1 })
    }
}
