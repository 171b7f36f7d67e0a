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
///
/// The operation runs in two kernels of one program: `name` over whole work-groups with no bounds test, and
/// `name_tail` over the last, partial group, testing `i < count`. A bounds test in the kernel that does the work makes
/// PoCL's work-group vectoriser store through masks, which AMD's Zen cores execute slowly (a·x+y at 45 % of the copy
/// bound instead of 114 %, docs/measurements.md).
public struct ElementwiseKernel: Sendable {
    /// The kernel over whole work-groups, for its work-group facts; launches go through ``callAsFunction(count:on:_:)``.
    public let kernel: Kernel
    /// The kernel over the last, partial work-group.
    let tail: Kernel
    /// The name the kernel was given.
    public let name: String
    let parameterCount: Int
    let indexed: IndexedArguments

    /// Builds the kernel on `context`.
    /// - Throws: ``ArrayError/Code/userCode`` pointing into the piece that does not compile; SwiftCL's build errors.
    public init(context: Context, arguments: String, operation: String, name: String = "elementwise", preamble: String = "") throws {
        let file = "\(name).cl"
        let declarations = ParameterList.declarations(arguments)
        let forwarded = ParameterList.forwarding(declarations)
        // The argument list is declared three times (the operation's function and both kernels); each copy maps its
        // errors into the user's text.
        func userArguments(_ line: Int) -> String { ProgramCompiler.userPart(arguments, named: "arguments", resumeAt: line, in: file) }
        let source = """
            \(preamble.isEmpty ? "" : ProgramCompiler.userPart(preamble, named: "preamble", resumeAt: 1, in: file))
            inline void swiftcl_operation(\(userArguments(3)), const ulong i)
            {
            \(ProgramCompiler.userPart(operation, named: "operation", resumeAt: 5, in: file));
            }
            kernel void \(name)(\(userArguments(7)), const ulong swiftcl_n)
            {
                swiftcl_operation(\(forwarded)get_global_id(0));
            }
            kernel void \(name)_tail(\(userArguments(11)), const ulong swiftcl_n)
            {
                const ulong i = get_global_id(0);
                if (i < swiftcl_n) swiftcl_operation(\(forwarded)i);
            }
            """
        let userParts = ["preamble": preamble, "arguments": arguments, "operation": operation]
        kernel = try ProgramCompiler.kernel(source: source, name: name, kernel: name, context: context, userParts: userParts)
        tail = try ProgramCompiler.kernel(source: source, name: name, kernel: "\(name)_tail", context: context, userParts: userParts)
        self.name = name
        parameterCount = kernel.argumentCount - 1
        indexed = IndexedArguments(declarations: declarations, code: [operation])
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
        try Elementwise.launch(kernel, tail: tail, count: count, arguments: bound, on: queue)
    }
}
