import SwiftCLBenchmarkHarness
import SwiftCLValidation
import Testing

@Suite("Kernel argument specs (the CLI's --args, --sizes, --tolerance)")
struct KernelSpecTests {
    @Test("size expressions: n, w, h, d, precedence, parentheses; errors name the expression")
    func expressions() throws {
        let image = ProblemSize(width: 640, height: 480)
        #expect(try SizeExpression("n").value(for: image) == 307_200)
        #expect(try SizeExpression("w*h/4 + 1").value(for: image) == 76_801)
        #expect(try SizeExpression("(w + 2) * (h - 2)").value(for: image) == 642 * 478)
        #expect(try SizeExpression("-2.5").value(for: image) == -2.5)
        #expect(try SizeExpression("d").count(for: ProblemSize(width: 2, height: 3, depth: 4)) == 4)
        #expect(throws: KernelSpecError.badExpression("n /", reason: "ends too early")) { try SizeExpression("n /") }
        #expect(throws: KernelSpecError.badExpression("k", reason: "unknown name 'k' (use n, w, h, d)")) { try SizeExpression("k") }
        #expect(throws: KernelSpecError.self) { try SizeExpression("n/3").count(for: ProblemSize(10)) }
        #expect(throws: KernelSpecError.self) { try SizeExpression("n - 10").count(for: ProblemSize(10)) }
    }

    @Test("argument specs: buffers with roles, scalars, traffic from the buffers")
    func argumentSpecs() throws {
        let spec = try KernelArgumentSpec("float=2, in:float4[n/4], inout:float[n], out:uint2[n], uint=n")
        #expect(spec.arguments.count == 5)
        let names = ["a", "x", "y", "z", "n"]
        #expect(spec.outputs(names: names) == ["y", "z"] && spec.inPlace(names: names) == ["y"])
        let traffic = try spec.traffic(for: ProblemSize(1000))
        #expect(traffic.bytesRead == 1000 * 4 + 1000 * 4 && traffic.bytesWritten == 1000 * 4 + 1000 * 8)
        let arrays = try spec.arrays(for: ProblemSize(8), names: names)
        #expect(arrays.names == ["x", "y", "z"])
        #expect(try arrays.values("x", as: SIMD4<Float>.self).count == 2 && arrays["z"]?.elementType == "SIMD2<UInt32>")
        #expect(try arrays.values("z", as: SIMD2<UInt32>.self).allSatisfy { $0 == .zero })
        for bad in ["in:float", "into:float[n]", "in:flot[n]", "float4=1", "n", "in:float[n"] {
            #expect(throws: KernelSpecError.self, "\(bad)") { try KernelArgumentSpec(bad) }
        }
    }

    @Test("sizes and tolerances from the command line")
    func commandLine() throws {
        #expect(try ProblemSize(spec: "4096x4096") == ProblemSize(width: 4096, height: 4096))
        #expect(try ProblemSize(spec: "7") == ProblemSize(7))
        #expect(try ProblemSize(spec: "2×3×4").elements == 24)
        #expect(throws: KernelSpecError.badSize("0")) { try ProblemSize(spec: "0") }
        #expect(throws: KernelSpecError.badSize("4x")) { try ProblemSize(spec: "4x") }
        #expect(try Tolerance(spec: "exact") == .exact && Tolerance(spec: "ulp:2") == .ulp(2))
        #expect(try Tolerance(spec: "allclose:1e-6,1e-5") == .allClose(atol: 1e-6, rtol: 1e-5))
        #expect(try Tolerance(spec: "abs:0.5") == .absolute(0.5) && Tolerance(spec: "rel:0.01") == .relative(0.01))
        for bad in ["ulp:1.5", "abs", "close:1", "allclose:1"] {
            #expect(throws: KernelSpecError.badTolerance(bad)) { try Tolerance(spec: bad) }
        }
    }
}

@Suite("Host expressions (--expect)")
struct HostExpressionTests {
    @Test("OUT = EXPR with precedence, functions, i and size names; malformed text refused with the reason")
    func parsing() throws {
        let values: [String: Double] = ["a": 2, "x": 3, "y": 5]
        func value(_ text: String, at i: Int = 4) throws -> Double {
            try HostExpression(text).evaluate(at: i) { name in
                guard let value = values[name] else { throw KernelSpecError.badExpression(name, reason: "unknown") }
                return value
            }
        }
        #expect(try HostExpression("y = a * x + y").output == "y")
        #expect(try value("y = a * x + y") == 11)
        #expect(try value("y = a * (x + y)") == 16)
        #expect(try value("y = -a * x - y % 3") == -8)
        let expected: Double = 29  // 11 + 5 - 1 + 3 + 8 + 1 + 2
        #expect(try value("y = fma(a, x, y) + max(x, y) - min(a, 1) + sqrt(x * x) + pow(a, 3) + abs(-1) + floor(2.5)") == expected)
        #expect(try value("y = i * 2", at: 21) == 42)
        #expect(try HostExpression("out = a * x + y").names == ["a", "x", "y"])
        for bad in ["a * x", "y == x", "y = ", "y = a * (x", "y = a $ x", "y = sqrt(a, x)", "y = max(a)", "y = a x", "1y = x"] {
            #expect(throws: KernelSpecError.self, "\(bad)") { _ = try value(bad) }
        }
    }
}
