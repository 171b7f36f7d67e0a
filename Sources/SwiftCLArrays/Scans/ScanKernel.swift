import SwiftCL

/// A user scan, like PyOpenCL's `GenericScanKernel`: the value at each index `i` in `0..<count` (`input`, OpenCL C
/// over `i` and the arguments) is combined with the values before it by `scan` (OpenCL C over `a`, the earlier
/// prefix, and `b`; it must be associative, need not be commutative) starting from `neutral`, and `output` (an
/// OpenCL C statement) runs once per index with:
/// - `item`: the inclusive prefix (everything up to and including `i`),
/// - `prev_item`: the exclusive prefix (everything before `i`; `neutral` at a segment start),
/// - `last_item`: the inclusive prefix of the last index (the total, or the last segment's),
/// - `i` and the arguments.
///
/// With `isSegmentStart` (OpenCL C over `i` and the arguments), the scan restarts at every index where it is true.
///
/// ```swift
/// let cumulative = try ScanKernel<Float>(context: queue.context, neutral: "0", scan: "a + b", input: "x[i]",
///                                        output: "y[i] = item", arguments: "global const float *x, global float *y")
/// try cumulative(count: x.count, on: queue, x, y)
/// ```
/// The program is built once per context (the context's program cache); a mistake in any piece throws
/// ``ArrayError/Code/userCode`` with the line and column in that piece. The scan runs as three kernels (tile
/// reductions, one ordered pass over the tiles, then the tiles' scans), so any count works, far beyond one
/// work-group's reach.
public struct ScanKernel<Value: ArrayElement>: Sendable {
    let neutral: String, scan: String, input: String, output: String, arguments: String, preamble: String, name: String
    let isSegmentStart: String?
    let context: Context
    private(set) var parameterCount = 0
    let indexed: IndexedArguments

    /// Checks that the pieces compile by building the scan's program on `context`.
    /// - Throws: ``ArrayError/Code/userCode`` pointing into the piece that does not compile.
    public init(context: Context, neutral: String, scan: String, input: String, output: String, arguments: String,
                isSegmentStart: String? = nil, name: String = "scan", preamble: String = "") throws {
        self.neutral = neutral
        self.scan = scan
        self.input = input
        self.output = output
        self.arguments = arguments
        self.isSegmentStart = isSegmentStart
        self.preamble = preamble
        self.name = name
        self.context = context
        indexed = IndexedArguments(declarations: ParameterList.declarations(arguments),
                                   code: [input, output] + (isSegmentStart.map { [$0] } ?? []))
        guard let device = context.devices.first else {
            throw ArrayError(.invalidArgument, "\(context) has no device")
        }
        let probe = plan(values: [])
        let local = ScanPlan.shape(count: 1, device: device, maxLocal: device.maxWorkGroupSize).local
        let kernel = try ProgramCompiler.kernel(source: probe.source(local: local), name: name, kernel: "swiftcl_scan_final",
                                                context: context, userParts: probe.userParts)
        parameterCount = kernel.argumentCount - 2
    }

    private func plan(values: [any KernelArgument]) -> ScanPlan {
        let declarations = ParameterList.declarations(arguments)
        var plan = ScanPlan(type: Value.openCLTypeName, neutral: "((\(Value.openCLTypeName))(\(neutral)))", scan: scan,
                            input: input, segmentStart: isSegmentStart, output: output, parameters: declarations,
                            arguments: values, pragmas: Value.pragma.isEmpty ? [] : [Value.pragma], name: name)
        plan.preamble = preamble
        plan.userParts = ["scan": scan, "input": input, "output": output, "preamble": preamble]
        if let isSegmentStart { plan.userParts["segment start"] = isSegmentStart }
        return plan
    }

    /// Runs the scan over `0..<count` on `queue` with `arguments` in the order of the argument list; returns once
    /// it is enqueued (reading an array it writes waits for it).
    /// - Throws: ``ArrayError/Code/invalidArgument`` for the wrong number of arguments, a negative count or a count past
    ///   the elements of an array the input, output or segment start uses as `name[i]`,
    ///   ``ArrayError/Code/contextMismatch``; SwiftCL's refusals of an argument whose type does not match.
    public func callAsFunction(count: Int, on queue: ComputeQueue, _ arguments: any ArrayKernelArgument...) throws {
        guard arguments.count == parameterCount else {
            throw ArrayError(.invalidArgument, "\(name) takes \(parameterCount) arguments, \(arguments.count) were given")
        }
        try indexed.check(count: count, arguments: arguments, kernel: name)
        guard queue.context === context else {
            throw ArrayError(.contextMismatch, "\(name) was built for \(context), the queue uses \(queue.context)")
        }
        try plan(values: try arguments.map { try $0.boundArgument() }).run(count: count, on: queue)
    }
}
