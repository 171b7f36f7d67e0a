import SwiftCL

extension ArrayExpressible {
    /// Runs the expression as one kernel into a new array of its shape, on the first array's queue. Returns once
    /// the launch is enqueued (like PyOpenCL); reading the result waits for it.
    /// - Throws: ``ArrayError`` for arrays of different shapes or contexts, or an expression without arrays;
    ///   SwiftCL's errors for the launch.
    public func evaluated() throws -> DeviceArray<Element> {
        guard let (shape, queue) = try expression.commonShape() else {
            throw ArrayError(.invalidShape, "an expression of scalars alone has no shape: assign it to an array instead")
        }
        let result = try DeviceArray<Element>(uninitializedShape: shape, on: queue)
        try Elementwise.run(expression.node, into: result)
        return result
    }
}

extension DeviceArray {
    /// Writes `expression` into this array's elements with one kernel (the expression may read this array too:
    /// `y.assign(a * x + y)` updates `y` in place). When the expression reads memory this array overlaps without
    /// being exactly these elements (`x[1...].assign(x[..<(n - 1)])`), the result goes through a temporary array
    /// first, as NumPy does, so every element reads the values from before the assignment.
    /// - Throws: ``ArrayError/Code/shapeMismatch`` naming both shapes, ``ArrayError/Code/contextMismatch``; SwiftCL's errors.
    public func assign<E: ArrayExpressible>(_ expression: E) throws where E.Element == Element {
        if let (shape, queue) = try expression.expression.commonShape() {
            guard queue.context === context else {
                throw ArrayError(.contextMismatch, "the expression's arrays belong to \(queue.context), the target to \(context)")
            }
            guard shape == self.shape else {
                throw ArrayError(.shapeMismatch, "cannot assign an expression of shape \(shape) to an array of shape \(self.shape)")
            }
        }
        let node = expression.expression.node
        guard node.arrays.contains(where: { overlapsPartly($0.footprint) }) else { return try Elementwise.run(node, into: self) }
        let temporary = try DeviceArray(uninitializedShape: shape, on: queue)
        try Elementwise.run(node, into: temporary)
        try copyElements(from: temporary)
    }

    /// Whether `other` shares memory with this array's elements without being exactly them: an elementwise kernel
    /// reading it while writing this array would read values it has already overwritten.
    func overlapsPartly(_ other: MemoryFootprint) -> Bool {
        let mine = storage.memoryFootprint(elements: storageRange)
        return mine.overlaps(other) && mine != other
    }

    /// Copies `source`'s elements (same count) over this array's, on this array's queue, without waiting.
    func copyElements(from source: DeviceArray) throws {
        guard count > 0 else { return }
        try queue.enqueue { cl in
            try cl.copy(from: source.storage, at: source.offset, to: storage, at: offset, count: count)
        }
    }

    /// Sets every element to `value`.
    public func fill(with value: Element) throws {
        try assign(ArrayExpression(scalar: value))
    }
}

/// The fused elementwise kernel: the expression's code at index `i`, written to `out`.
enum Elementwise {
    /// What an elementwise kernel's source is made of (the result type is in `parameters`, as `out`'s element type).
    struct Recipe: Hashable, Sendable {
        let code, parameters, pragmas: String
    }

    static func run<R: ArrayStorable>(_ node: ExpressionNode, into out: DeviceArray<R>) throws {
        var renderer = ExpressionRenderer(shape: out.shape)
        let code = renderer.render(node)
        let pragmas = node.pragmas.union(R.pragma.isEmpty ? [] : [R.pragma]).sorted().joined()
        let parameters = (["global \(R.openCLTypeName) *out", "const ulong out_off"] + renderer.parameters + ["const ulong n"])
            .joined(separator: ", ")
        // Remembered per context by recipe (the rendered code, its parameters and pragmas: they are the whole source), so
        // repeating an expression of the same shape and element types builds no source and looks up no program.
        let kernels = try out.context.memos.value(for: Recipe(code: code, parameters: parameters, pragmas: pragmas)) {
            // Whole work-groups run without a bounds test, the last partial one with it (see ElementwiseKernel).
            let source = """
                \(pragmas)kernel void swiftcl_elementwise(\(parameters))
                {
                    const ulong i = get_global_id(0);
                    out[out_off + i] = (\(R.openCLTypeName))(\(code));
                }
                kernel void swiftcl_elementwise_tail(\(parameters))
                {
                    const ulong i = get_global_id(0);
                    if (i < n) out[out_off + i] = (\(R.openCLTypeName))(\(code));
                }
                """
            return Kernels(bulk: try ProgramCompiler.kernel(source: source, name: "elementwise expression", kernel: "swiftcl_elementwise",
                                                            context: out.context),
                           tail: try ProgramCompiler.kernel(source: source, name: "elementwise expression", kernel: "swiftcl_elementwise_tail",
                                                            context: out.context))
        }
        guard out.count > 0 else { return }
        let arguments: [any KernelArgument] = [out.storage, UInt64(out.offset)] + renderer.arguments + [UInt64(out.count)]
        try launch(kernels.bulk, tail: kernels.tail, count: out.count, arguments: arguments, on: out.queue)
    }

    /// An expression's two kernels: over whole work-groups, and over the last partial one.
    struct Kernels: Sendable {
        let bulk: Kernel
        let tail: Kernel
    }

    /// Enqueues `kernel` (which tests its own bounds) over `count` items, rounded up to whole work-groups, without
    /// waiting for it.
    static func launch(_ kernel: Kernel, count: Int, arguments: [any KernelArgument], on queue: ComputeQueue) throws {
        let local = LaunchShape.elementwiseLocalSize(for: kernel, device: queue.device)
        let range = try NDRange(covering: count, local: local)
        try queue.enqueue { cl in try cl.launch(kernel, range, arguments: arguments) }
    }

    /// Enqueues `bulk` over the whole work-groups in `0..<count` and `tail` (which tests `i < n`) over the last,
    /// partial group, without waiting for them.
    static func launch(_ bulk: Kernel, tail: Kernel, count: Int, arguments: [any KernelArgument], on queue: ComputeQueue) throws {
        let local = Swift.min(LaunchShape.elementwiseLocalSize(for: bulk, device: queue.device),
                              LaunchShape.elementwiseLocalSize(for: tail, device: queue.device))
        let whole = count / local * local
        try queue.enqueue { cl in
            if whole > 0 { try cl.launch(bulk, try NDRange(whole, local: local), arguments: arguments) }
            if whole < count { try cl.launch(tail, try NDRange(local, local: local, offset: whole), arguments: arguments) }
        }
    }
}
