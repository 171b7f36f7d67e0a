import SwiftCL

/// A user reduction, like PyOpenCL's `ReductionKernel`: each index `i` in `0..<count` is mapped by `map` (OpenCL C
/// using `i` and the arguments), and the mapped values are combined by `reduce` (OpenCL C over `a` and `b`, which
/// must be associative) starting from `neutral`.
///
/// ```swift
/// let sumOfSquares = try ReductionKernel<Float>(context: queue.context, neutral: "0", reduce: "a + b",
///                                               map: "x[i] * x[i]", arguments: "global const float *x")
/// let value = try sumOfSquares(count: x.count, on: queue, x)
/// ```
/// The values accumulate in `Result`'s OpenCL type, on CPUs in 32 lanes per work-item (vectors of eight neighbouring
/// indices, which the compiler vectorises where the map and reduce allow), then pairwise.
public struct ReductionKernel<Result: ArrayElement>: Sendable {
    let neutral: String, reduce: String, map: String, arguments: String, preamble: String, name: String
    let context: Context
    let parameterCount: Int
    let indexed: IndexedArguments

    /// Checks that the pieces compile by building the reduction's program on `context`.
    /// - Throws: ``ArrayError/Code/userCode`` pointing into the piece that does not compile.
    public init(context: Context, neutral: String, reduce: String, map: String, arguments: String,
                name: String = "reduction", preamble: String = "") throws {
        self.neutral = neutral
        self.reduce = reduce
        self.map = map
        self.arguments = arguments
        self.preamble = preamble
        self.name = name
        self.context = context
        let probe = Self.plan(neutral: neutral, reduce: reduce, map: map, arguments: arguments, preamble: preamble, name: name, values: [])
        guard let device = context.devices.first else {
            throw ArrayError(.invalidArgument, "\(context) has no device")
        }
        let source = probe.recipe.source(shape: LaunchShape.reduction(count: 1, device: device, maxLocal: device.maxWorkGroupSize))
        let kernel = try ProgramCompiler.kernel(source: source, name: name, kernel: "swiftcl_reduce_partial", context: context,
                                                userParts: probe.userParts)
        parameterCount = kernel.argumentCount - 2
        indexed = IndexedArguments(declarations: ParameterList.declarations(arguments), code: [map])
    }

    private static func plan(neutral: String, reduce: String, map: String, arguments: String, preamble: String, name: String,
                             values: [any KernelArgument]) -> ReductionPlan {
        // The argument list is passed through to both the map function and the partial kernel; its names are the last
        // identifier of each comma-separated declaration.
        let declarations = ParameterList.declarations(arguments)
        var plan = ReductionPlan(.init(accumulator: Result.openCLTypeName, result: Result.openCLTypeName, neutral: "(\(neutral))",
                                       reduce: reduce, map: map, parameters: declarations,
                                       pragmas: Result.pragma.isEmpty ? [] : [Result.pragma], name: name),
                                 arguments: values)
        plan.preamble = preamble
        plan.userParts = ["map": map, "reduce": reduce, "preamble": preamble]
        return plan
    }

    /// The reduction over `0..<count` on `queue` as a host value (waits for it).
    /// - Throws: ``ArrayError/Code/invalidArgument`` for the wrong number of arguments, a negative `count`, or a `count`
    ///   past the elements of an array the map uses as `name[i]`; SwiftCL's refusals.
    public func callAsFunction(count: Int, on queue: ComputeQueue, _ arguments: any ArrayKernelArgument...) throws -> Result {
        try onDevice(count: count, on: queue, arguments: arguments).toArray()[0]
    }

    /// The reduction as a one-element array, without waiting.
    public func onDevice(count: Int, on queue: ComputeQueue, _ arguments: any ArrayKernelArgument...) throws -> DeviceArray<Result> {
        try onDevice(count: count, on: queue, arguments: arguments)
    }

    private func onDevice(count: Int, on queue: ComputeQueue, arguments: [any ArrayKernelArgument]) throws -> DeviceArray<Result> {
        guard arguments.count == parameterCount else {
            throw ArrayError(.invalidArgument, "\(name) takes \(parameterCount) arguments, \(arguments.count) were given")
        }
        try indexed.check(count: count, arguments: arguments, kernel: name)
        guard queue.context === context else {
            throw ArrayError(.contextMismatch, "\(name) was built for \(context), the queue uses \(queue.context)")
        }
        let plan = Self.plan(neutral: neutral, reduce: reduce, map: map, arguments: self.arguments, preamble: preamble, name: name,
                             values: try arguments.map { try $0.boundArgument() })
        let result = try DeviceArray<Result>(uninitializedShape: [1], on: queue)
        try plan.run(count: count, on: queue, into: result.storage, outOffset: 0)
        return result
    }
}
