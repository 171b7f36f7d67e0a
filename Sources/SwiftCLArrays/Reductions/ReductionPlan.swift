import SwiftCL

/// One reduction ready to run: its ``Recipe`` (everything its two kernels' source depends on) and the values of the
/// recipe's parameters. Built-in reductions and ``ReductionKernel`` both end here. The recipe's fields read and write
/// through the plan (`plan.preamble = …`).
@dynamicMemberLookup
struct ReductionPlan {
    var recipe: Recipe
    /// The kernels' arguments besides the count, partials and output: the values of ``Recipe/parameters``.
    var arguments: [any KernelArgument]

    init(_ recipe: Recipe, arguments: [any KernelArgument]) {
        self.recipe = recipe
        self.arguments = arguments
    }

    subscript<Value>(dynamicMember field: WritableKeyPath<Recipe, Value>) -> Value {
        get { recipe[keyPath: field] }
        set { recipe[keyPath: field] = newValue }
    }

    /// Everything the generated source depends on besides the launch shape: what is read at index `i`, how two
    /// partial values combine, and how the final value is written. Equal recipes (and shapes) give the same program,
    /// so the context remembers the kernels by recipe and a repeated reduction (`x.sum()` on a small array) skips
    /// generating and hashing its source.
    struct Recipe: Hashable, Sendable {
        /// The OpenCL type partial values have.
        var accumulator: String
        /// The OpenCL type of the result element.
        var result: String
        /// The neutral element, as OpenCL C.
        var neutral: String
        /// Combines `a` and `b` (OpenCL C over scalars of ``accumulator``).
        var reduce: String
        /// The value at index `i` (OpenCL C; may use ``parameters``).
        var map: String
        /// For a vector fast path: the value of `vectorWidth` elements from index `i`, as `accumulatorN`, and how two
        /// such vectors combine. Nil for the scalar path.
        var vectorMap: String?
        var vectorReduce: String?
        /// Kahan-compensated accumulation of a sum (vector path only).
        var compensated = false
        /// For the CPU layout, instead of ``vectorMap``: OpenCL C that folds vectors `v0..<v1` (each `vectorWidth`
        /// elements from index `v * vectorWidth`) into `acc` (index reductions keep a running extremum and its position
        /// per lane).
        var vectorChunk: String?
        /// How many arrays the vector map reads per index (the CPU layout reads ~4 streams per work-item in all).
        var streams = 1
        /// The element type the vector map loads with `swiftcl_vload(p)` (`vectorWidth` elements from `p`), nil when it
        /// loads none. On CPUs the load reads through a vector type aligned as its element: PoCL's `vload16` compiled
        /// into 8-byte pieces where two loads fed one operation (`vload16(0, p) + vload16(0, q)`), which left `dot` at
        /// 79–81 % of the read bound on an Intel Xeon (docs/decisions.md).
        var loadedElement: String?
        /// The kernels' parameters besides the count, partials and output.
        var parameters: [String]
        var pragmas: Set<String>
        /// User code, by part name, whose build errors are reported in the user's own lines and columns.
        var preamble = ""
        /// SwiftCL's own helper code (types, functions) placed before the kernels.
        var support = ""
        var userParts: [String: String] = [:]
        var name = "reduction"
        /// The bytes one partial value takes (the accumulator's size; 16 for argmin/argmax's value–index pair).
        var accumulatorBytes = 8
        /// How the final accumulator becomes the result element (`$0` is the accumulator).
        var finalize: String

        init(accumulator: String, result: String, neutral: String, reduce: String, map: String, vectorMap: String? = nil,
             vectorReduce: String? = nil, compensated: Bool = false, parameters: [String], pragmas: Set<String>,
             name: String, finalize: String? = nil) {
            self.accumulator = accumulator
            self.result = result
            self.neutral = neutral
            self.reduce = reduce
            self.map = map
            self.vectorMap = vectorMap
            self.vectorReduce = vectorReduce
            self.compensated = compensated
            self.parameters = parameters
            self.pragmas = pragmas
            self.name = name
            self.finalize = finalize ?? "(\(result))($0)"
        }
    }

    /// Enqueues both kernels over `count` elements on `queue`, writing the result to `out[outOffset]`; does not wait.
    func run(count: Int, on queue: ComputeQueue, into out: any KernelArgument, outOffset: Int) throws {
        let device = queue.device
        let probe = LaunchShape.reduction(count: count, device: device, maxLocal: device.maxWorkGroupSize)
        let (partialKernel, finalKernel) = try kernels(shape: probe, context: queue.context)
        let limit = (try? partialKernel.workGroupInfo(on: device).maxWorkGroupSize) ?? device.maxWorkGroupSize
        let shape = probe.local <= limit ? probe : LaunchShape.reduction(count: count, device: device, maxLocal: limit)
        let (partial, final) = shape == probe ? (partialKernel, finalKernel) : try kernels(shape: shape, context: queue.context)
        // Partials are stored as the accumulator type in a byte buffer the kernels cast.
        let partials = try Buffer<UInt8>(count: shape.groups * recipe.accumulatorBytes, context: queue.context)
        let finalLocal = Self.finalLocal(for: final, device: device)
        try queue.enqueue { cl in
            try cl.launch(partial, try NDRange(shape.groups * shape.local, local: shape.local),
                          arguments: arguments + [UInt64(count), partials])
            try cl.launch(final, try NDRange(finalLocal, local: finalLocal),
                          arguments: [partials, UInt32(shape.groups), out, UInt64(outOffset)])
        }
    }

    static func finalLocal(for kernel: Kernel, device: Device) -> Int {
        let limit = min((try? kernel.workGroupInfo(on: device).maxWorkGroupSize) ?? 1, device.maxWorkGroupSize, 64)
        var local = 1
        while local * 2 <= limit { local *= 2 }
        return local
    }

    /// The two kernels, kept per context by recipe and shape.
    struct Kernels: Sendable {
        let partial: Kernel
        let final: Kernel
    }

    /// The recipe and the launch shape's parts the source uses (the group count is a launch argument, not source).
    private struct KernelsKey: Hashable, Sendable {
        let recipe: Recipe
        let local: Int, vectorWidth: Int, chunked: Bool
    }

    private func kernels(shape: LaunchShape, context: Context) throws -> (Kernel, Kernel) {
        let key = KernelsKey(recipe: recipe, local: shape.local, vectorWidth: shape.vectorWidth, chunked: shape.chunked)
        let kernels = try context.memos.value(for: key) {
            let source = recipe.source(shape: shape)
            let (name, userParts) = (recipe.name, recipe.userParts)
            return Kernels(partial: try ProgramCompiler.kernel(source: source, name: name, kernel: "swiftcl_reduce_partial",
                                                               context: context, userParts: userParts),
                           final: try ProgramCompiler.kernel(source: source, name: name, kernel: "swiftcl_reduce_final",
                                                             context: context, userParts: userParts))
        }
        return (kernels.partial, kernels.final)
    }
}

extension ReductionPlan.Recipe {
    /// The program: the map and reduce as inline functions (user code after `#line` directives), the partial kernel
    /// (one partial per work-group) and the final kernel (one work-group combining the partials in a tree).
    func source(shape: LaunchShape) -> String {
        let file = "\(name).cl"
        var lines: [String] = []
        lines.append(pragmas.sorted().joined())
        if !support.isEmpty { lines.append(support) }
        if !preamble.isEmpty { lines.append(ProgramCompiler.userPart(preamble, named: "preamble", resumeAt: 1, in: file)) }
        let params = parameters.joined(separator: ", ")
        let paramsComma = parameters.isEmpty ? "" : params + ", "
        let passedComma = ParameterList.forwarding(parameters)
        let A = accumulator, W = shape.vectorWidth
        func part(_ text: String, _ named: String) -> String {
            userParts[named] != nil ? ProgramCompiler.userPart(text, named: named, resumeAt: 1, in: file) : text
        }
        lines.append("inline \(A) swiftcl_reduce(\(A) a, \(A) b) { return (\(part(reduce, "reduce"))); }")
        lines.append("inline \(A) swiftcl_map(\(paramsComma)const ulong i) { return (\(part(map, "map"))); }")
        if let T = loadedElement {
            lines.append(shape.chunked
                ? """
                  typedef \(T)\(W) __attribute__((aligned(sizeof(\(T))))) swiftcl_unaligned_\(T)\(W);
                  inline \(T)\(W) swiftcl_vload(global const \(T) *p) { return *(global const swiftcl_unaligned_\(T)\(W) *)p; }
                  """
                : "inline \(T)\(W) swiftcl_vload(global const \(T) *p) { return vload\(W)(0, p); }")
        }
        var body = """
            kernel void swiftcl_reduce_partial(\(paramsComma)const ulong n, global uchar *partial_bytes)
            {
                global \(A) *partials = (global \(A) *)partial_bytes;
                const ulong gid = get_global_id(0), gsize = get_global_size(0);
                \(A) acc = \(neutral);

            """
        if let vectorChunk, shape.chunked {
            body += """
                    const ulong nv = n / \(W);
                    const ulong per = (nv + gsize - 1) / gsize;
                    const ulong v0 = min(gid * per, nv), v1 = min(v0 + per, nv);
                    \(vectorChunk.replacingOccurrences(of: "$W", with: "\(W)"))
                    for (ulong i = nv * \(W) + gid; i < n; i += gsize) acc = swiftcl_reduce(acc, swiftcl_map(\(passedComma)i));

                """
        } else if let vectorMap, let vectorReduce {
            let V = "\(A)\(W)"
            func reduced(_ a: String, _ b: String) -> String {
                vectorReduce.replacingOccurrences(of: "$0", with: a).replacingOccurrences(of: "$1", with: b)
            }
            lines.append("inline \(V) swiftcl_vmap(\(paramsComma)const ulong i) { return (\(vectorMap)); }")
            func value(_ i: String) -> String { "swiftcl_vmap(\(passedComma)\(i))" }
            func kahan(_ s: String, _ c: String, _ x: String) -> String {
                "{ const \(V) y = \(x) - \(c); const \(V) t = \(s) + y; \(c) = (t - \(s)) - y; \(s) = t; }"
            }
            func step(_ s: String, _ c: String, _ i: String) -> String {
                compensated ? kahan(s, c, value(i)) : "{ \(s) = \(reduced(s, value(i))); }"
            }
            // CPU: each work-item's chunk is read as contiguous sub-chunks side by side, one accumulator each, so a core
            // streams about four arrays at once: one stream per core left AMD's Zen cores at 15 GB/s, four reach 19–20
            // (docs/measurements.md). A map reading two arrays (dot) takes two sub-chunks. A compensated sum adds four
            // neighbouring vectors pairwise before each Kahan step: a Kahan step per vector (four dependent operations)
            // held Kahan sums to 78–90 % of the read bound on an Intel Xeon, where a plain sum reached 100 %.
            let parts = Swift.max(1, 4 / Swift.max(1, streams))
            let tree = compensated ? 4 : 1
            func treeStep(_ s: String, _ c: String, _ i: String) -> String {
                guard tree == 4 else { return step(s, c, i) }
                let pair1 = reduced(value(i), value("\(i) + \(W)")), pair2 = reduced(value("\(i) + \(2 * W)"), value("\(i) + \(3 * W)"))
                return kahan(s, c, "(\(reduced(pair1, pair2)))")
            }
            let names = (0..<parts).map { $0 == 0 ? ("s", "c") : ("s\($0)", "c\($0)") }
            let combine = names.dropFirst().map { (sk, ck) in
                compensated ? "s = (s - c) + (\(sk) - \(ck)); c = (\(V))(0);" : "s = \(reduced("s", sk));"
            }.joined(separator: " ")
            let loop = shape.chunked
                ? """
                    const ulong per = (nv + gsize - 1) / gsize;
                    const ulong v0 = min(gid * per, nv), v1 = min(v0 + per, nv), sub = (v1 - v0) / \(parts * tree) * \(tree);
                    \(names.dropFirst().map { "\(V) \($0.0) = s, \($0.1) = c;" }.joined(separator: " "))
                    for (ulong j = 0; j < sub; j += \(tree)) {
                        \(names.enumerated().map { k, n in treeStep(n.0, n.1, "(v0 + \(k) * sub + j) * \(W)") }.joined(separator: "\n            "))
                    }
                    \(combine)
                    for (ulong v = v0 + \(parts) * sub; v < v1; ++v) \(step("s", "c", "v * \(W)"))
                """
                : "    for (ulong v = gid; v < nv; v += gsize) \(step("s", "c", "v * \(W)"))"
            body += """
                    const ulong nv = n / \(W);
                    \(V) s = (\(V))(\(neutral));
                    \(V) c = (\(V))(0);
                \(loop)
                    \(A) lanes[\(W)];
                    vstore\(W)(s - c, 0, lanes);
                \(Self.pairwise(lanes: "lanes", count: W))
                    acc = swiftcl_reduce(acc, lanes[0]);
                    for (ulong i = nv * \(W) + gid; i < n; i += gsize) acc = swiftcl_reduce(acc, swiftcl_map(\(passedComma)i));

                """
        } else if shape.chunked, Self.vectorScalars.contains(A) {
            // A scalar map and reduce (a user ReductionKernel), on CPUs: four contiguous sub-chunks read side by side,
            // eight neighbouring indices of each mapped and combined per step as the lanes of one vector, which the
            // compiler turns into vector loads and operations where the map and reduce allow (eight scalar chains per
            // sub-chunk stayed scalar code: 74–81 % of the read bound on an Intel Xeon, the vector form 95–96 %).
            // Local names carry the `swiftcl_` prefix: the kernel's parameters are the user's names.
            let V = "\(A)8"
            func step(_ k: Int) -> String {
                let (a, b, m) = ("swiftcl_a\(k)", "swiftcl_b\(k)", "swiftcl_m\(k)")
                let mapped = (0..<8).map { "swiftcl_map(\(passedComma)\(b) + \($0))" }.joined(separator: ", ")
                let combined = (0..<8).map { "swiftcl_reduce(\(a).s\($0), \(m).s\($0))" }.joined(separator: ", ")
                return "{ const ulong \(b) = swiftcl_i0 + \(k) * swiftcl_sub + swiftcl_j; const \(V) \(m) = (\(V))(\(mapped)); \(a) = (\(V))(\(combined)); }"
            }
            body += """
                    const ulong swiftcl_per = (n + gsize - 1) / gsize;
                    const ulong swiftcl_i0 = min(gid * swiftcl_per, n), swiftcl_i1 = min(swiftcl_i0 + swiftcl_per, n);
                    const ulong swiftcl_sub = (swiftcl_i1 - swiftcl_i0) / 32 * 8;
                    \(V) swiftcl_a0 = (\(V))(acc), swiftcl_a1 = swiftcl_a0, swiftcl_a2 = swiftcl_a0, swiftcl_a3 = swiftcl_a0;
                    for (ulong swiftcl_j = 0; swiftcl_j < swiftcl_sub; swiftcl_j += 8) {
                        \((0..<4).map(step).joined(separator: "\n        "))
                    }
                    for (ulong swiftcl_k = swiftcl_i0 + 4 * swiftcl_sub; swiftcl_k < swiftcl_i1; ++swiftcl_k)
                        acc = swiftcl_reduce(acc, swiftcl_map(\(passedComma)swiftcl_k));
                    \(A) swiftcl_lanes[32];
                    vstore8(swiftcl_a0, 0, swiftcl_lanes); vstore8(swiftcl_a1, 1, swiftcl_lanes);
                    vstore8(swiftcl_a2, 2, swiftcl_lanes); vstore8(swiftcl_a3, 3, swiftcl_lanes);
                \(Self.pairwise(lanes: "swiftcl_lanes", count: 32))
                    acc = swiftcl_reduce(acc, swiftcl_lanes[0]);

                """
        } else if shape.chunked {
            body += """
                    const ulong per = (n + gsize - 1) / gsize;
                    const ulong i0 = min(gid * per, n), i1 = min(i0 + per, n);
                    \(A) c0 = acc, c1 = acc, c2 = acc, c3 = acc, c4 = acc, c5 = acc, c6 = acc, c7 = acc;
                    // Four contiguous sub-chunks read side by side (four streams), two accumulators each.
                    const ulong sub = (i1 - i0) / 8 * 2;
                    for (ulong j = 0; j < sub; j += 2) {
                        c0 = swiftcl_reduce(c0, swiftcl_map(\(passedComma)i0 + j));
                        c1 = swiftcl_reduce(c1, swiftcl_map(\(passedComma)i0 + j + 1));
                        c2 = swiftcl_reduce(c2, swiftcl_map(\(passedComma)i0 + sub + j));
                        c3 = swiftcl_reduce(c3, swiftcl_map(\(passedComma)i0 + sub + j + 1));
                        c4 = swiftcl_reduce(c4, swiftcl_map(\(passedComma)i0 + 2 * sub + j));
                        c5 = swiftcl_reduce(c5, swiftcl_map(\(passedComma)i0 + 2 * sub + j + 1));
                        c6 = swiftcl_reduce(c6, swiftcl_map(\(passedComma)i0 + 3 * sub + j));
                        c7 = swiftcl_reduce(c7, swiftcl_map(\(passedComma)i0 + 3 * sub + j + 1));
                    }
                    ulong i = i0 + 4 * sub;
                    for (; i < i1; ++i) c0 = swiftcl_reduce(c0, swiftcl_map(\(passedComma)i));
                    acc = swiftcl_reduce(swiftcl_reduce(swiftcl_reduce(c0, c1), swiftcl_reduce(c2, c3)),
                                         swiftcl_reduce(swiftcl_reduce(c4, c5), swiftcl_reduce(c6, c7)));

                """
        } else {
            body += "    for (ulong i = gid; i < n; i += gsize) acc = swiftcl_reduce(acc, swiftcl_map(\(passedComma)i));\n"
        }
        body += Self.tree(accumulator: A, local: shape.local, store: "partials[get_group_id(0)] = scratch[0];")
        body += "}\n"
        lines.append(body)
        lines.append("""
            kernel void swiftcl_reduce_final(global const uchar *partial_bytes, const uint count, global \(result) *out, const ulong out_off)
            {
                global const \(A) *partials = (global const \(A) *)partial_bytes;
                const uint lid = get_local_id(0), size = get_local_size(0);
                \(A) acc = \(neutral);
                for (uint k = lid; k < count; k += size) acc = swiftcl_reduce(acc, partials[k]);
            \(Self.tree(accumulator: A, local: nil, store: "out[out_off] = \(finalize.replacingOccurrences(of: "$0", with: "scratch[0]"));"))}
            """)
        return lines.joined(separator: "\n")
    }

    /// The scalar accumulator types whose vectors of eight the scalar CPU layout keeps its lanes in.
    static let vectorScalars: Set<String> = ["char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float", "double", "half"]

    /// Folds `lanes[0..<count]` (a power of two) into `lanes[0]` pairwise with `swiftcl_reduce`: the rounding error of a
    /// sum grows with log₂(count), not with count.
    private static func pairwise(lanes: String, count: Int) -> String {
        """
            for (int swiftcl_w = \(count / 2); swiftcl_w > 0; swiftcl_w /= 2)
                for (int swiftcl_l = 0; swiftcl_l < swiftcl_w; ++swiftcl_l)
                    \(lanes)[swiftcl_l] = swiftcl_reduce(\(lanes)[swiftcl_l], \(lanes)[swiftcl_l + swiftcl_w]);
        """
    }

    /// Combines each work-item's `acc` in local memory, pairwise, and lets item 0 run `store` with `scratch[0]`.
    /// `local` nil: the launch's local size (at most 64).
    private static func tree(accumulator: String, local: Int?, store: String) -> String {
        let size = local.map(String.init) ?? "64"
        return """
                local \(accumulator) scratch[\(size)];
                const uint me = get_local_id(0), items = get_local_size(0);
                scratch[me] = acc;
                barrier(CLK_LOCAL_MEM_FENCE);
                for (uint half_ = items / 2; half_ > 0; half_ /= 2) {
                    if (me < half_) scratch[me] = swiftcl_reduce(scratch[me], scratch[me + half_]);
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                if (me == 0) \(store)

            """
    }
}
