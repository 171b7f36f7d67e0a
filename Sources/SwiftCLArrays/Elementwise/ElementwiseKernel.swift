import SwiftCL

/// A user elementwise kernel, like PyOpenCL's `ElementwiseKernel`: an OpenCL C argument list and an operation that
/// uses `i`, the element's index, run once per index `0..<count`.
///
/// ```swift
/// let axpy = try ElementwiseKernel(context: queue.context, arguments: "float a, global const float *x, global float *y",
///                                  operation: "y[i] = a * x[i] + y[i]")
/// try axpy(count: x.count, on: queue, Float(2), x, y)
/// ```
/// The program is built once per context (the context's program cache). A mistake in `operation`, `arguments` or
/// `preamble` throws ``ArrayError/Code/userCode`` with the line and column in that text.
public struct ElementwiseKernel: Sendable {
    /// The kernel, for its work-group facts; launches go through ``callAsFunction(count:on:_:)``.
    public let kernel: Kernel
    /// The name the kernel was given.
    public let name: String
    let parameterCount: Int
    let indexed: IndexedArguments

    /// Builds the kernel on `context`.
    /// - Throws: ``ArrayError/Code/userCode`` pointing into the piece that does not compile; SwiftCL's build errors.
    public init(context: Context, arguments: String, operation: String, name: String = "elementwise", preamble: String = "") throws {
        let file = "\(name).cl"
        let source = """
            \(preamble.isEmpty ? "" : ProgramCompiler.userPart(preamble, named: "preamble", resumeAt: 1, in: file))
            kernel void \(name)(\(ProgramCompiler.userPart(arguments, named: "arguments", resumeAt: 3, in: file)), const ulong swiftcl_n)
            {
                const ulong i = get_global_id(0);
                if (i < swiftcl_n) {
            \(ProgramCompiler.userPart(operation, named: "operation", resumeAt: 7, in: file));
                }
            }
            """
        kernel = try ProgramCompiler.kernel(source: source, name: name, kernel: name, context: context,
                                            userParts: ["preamble": preamble, "arguments": arguments, "operation": operation])
        self.name = name
        parameterCount = kernel.argumentCount - 1
        indexed = IndexedArguments(declarations: ParameterList.declarations(arguments), code: [operation])
    }

    /// Runs the operation for `i` in `0..<count` on `queue`, with `arguments` in the order of the argument list;
    /// returns once it is enqueued (reading an array waits for it).
    /// - Throws: ``ArrayError/Code/invalidArgument`` for the wrong number of arguments, a negative `count`, or a `count`
    ///   past the elements of an array the operation uses as `name[i]`; SwiftCL's refusals of an argument whose type
    ///   does not match its parameter.
    public func callAsFunction(count: Int, on queue: ComputeQueue, _ arguments: any ArrayKernelArgument...) throws {
        guard arguments.count == parameterCount else {
            throw ArrayError(.invalidArgument, "\(name) takes \(parameterCount) arguments, \(arguments.count) were given")
        }
        try indexed.check(count: count, arguments: arguments, kernel: name)
        guard count > 0 else { return }
        let bound = try arguments.map { try $0.boundArgument() } + [UInt64(count)]
        try Elementwise.launch(kernel, count: count, arguments: bound, on: queue)
    }
}
