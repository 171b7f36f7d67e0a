import Foundation
import SwiftCL
import SwiftCLValidation

/// A kernel from a `.cl` file with its arguments described by a ``KernelArgumentSpec``: what `swiftcl validate
/// FILE.cl` and `swiftcl bench FILE.cl` run.
public struct UserKernel: Sendable {
    public let source: ProgramSource
    public let name: String
    public let spec: KernelArgumentSpec
    public let options: BuildOptions

    /// The kernel `name` of `source`, built with `options`.
    public init(source: ProgramSource, name: String, spec: KernelArgumentSpec, options: BuildOptions = BuildOptions()) {
        self.source = source
        self.name = name
        self.spec = spec
        self.options = options
    }

    /// `"FILE.cl:NAME"` or, with `defaultName`, `"FILE.cl"`.
    public var label: String { "\(source.name):\(name)" }

    /// The kernel on `queue`'s context, checked against the spec's argument count.
    /// - Throws: the build's ``BuildError``, ``SwiftCLError/kernelNotFound(name:available:)``,
    ///   ``KernelSpecError/argumentCount(kernel:parameters:given:)``.
    public func kernel(on queue: ComputeQueue) throws -> Kernel {
        let kernel = try queue.context.program(source, options: options).kernel(named: name)
        let count = kernel.parameters?.count ?? spec.arguments.count
        guard count == spec.arguments.count else {
            throw KernelSpecError.argumentCount(kernel: name, parameters: count, given: spec.arguments.count)
        }
        return kernel
    }

    /// The encode closure for `size` with `local` (nil: the runtime's choice), for a kernel benchmark.
    func prepare(on queue: ComputeQueue, size: ProblemSize, local: Int?) throws -> KernelBenchmark.Variant.Encode {
        try encode(try kernel(on: queue), size: size, local: local)
    }

    /// The encode closure of an already looked-up `kernel`.
    private func encode(_ kernel: Kernel, size: ProblemSize, local: Int?) throws -> KernelBenchmark.Variant.Encode {
        let names = spec.names(for: kernel)
        let range = try Self.range(size, local: local)
        return { cl, buffers in
            try cl.launch(kernel, range, arguments: try spec.launchArguments(for: size, names: names, buffers: buffers))
        }
    }

    /// One run on fresh buffers made from `arrays`; returns the output arrays by name.
    func outputs(on queue: ComputeQueue, size: ProblemSize, local: Int?, arrays: HostArrays) throws -> HostArrays {
        let kernel = try kernel(on: queue)
        let names = spec.names(for: kernel)
        let run = try PreparedRun(encode: try encode(kernel, size: size, local: local), host: arrays, inPlace: [], queue: queue)
        let outputs = spec.outputs(names: names)
        let actual = try run.outputs(outputs)
        var result = HostArrays()
        for (name, array) in zip(outputs, actual) { result.set(name, array) }
        return result
    }

    /// The global range of a problem; with a local size (first dimension) the global size is rounded up to a multiple
    /// of it, as Kernel Tuner does, so the kernel must check its bounds (`if (i < n)`).
    static func range(_ size: ProblemSize, local: Int?) throws -> NDRange {
        guard let local else { return try NDRange(global: size.extents) }
        return try NDRange(covering: size.extents, local: [local] + Array(repeating: 1, count: size.dimensions - 1))
    }
}

extension UserKernel {
    /// A check of this kernel against `reference` (another kernel with the same arguments) on the same generated
    /// inputs, for every size and local size: every output compared under `tolerance`.
    public func check(against reference: UserKernel, sizes: [ProblemSize], tolerance: Tolerance, localSizes: [Int]) -> KernelCheck {
        KernelCheck(name: "\(label) vs \(reference.label)", sizes: sizes.map { ImageProblem(width: $0.width, height: $0.height * $0.depth) },
                    tolerance: tolerance, localSizes: { _ in localSizes }) { queue, image, local in
            let size = sizes.first { $0.width == image.width && $0.height * $0.depth == image.height } ?? ProblemSize(width: image.width, height: image.height)
            let names = spec.names(for: try kernel(on: queue))
            let arrays = try spec.arrays(for: size, names: names)
            let actual = try outputs(on: queue, size: size, local: local, arrays: arrays)
            // The reference runs with the runtime's local size: it is the oracle, not the kernel under test.
            let expected = try reference.outputs(on: queue, size: size, local: nil, arrays: arrays)
            return KernelCheck.Outcome(outputs: actual.names.map { name in
                KernelCheck.Outcome.Output(name) { tolerance in
                    guard let array = actual[name], let wanted = expected[name] else {
                        return OutputComparison(output: name, actual: [Float](), expected: [Float](repeating: 0, count: 1), tolerance: tolerance)
                    }
                    return array.compare(wanted, name, tolerance)
                }
            })
        }
    }

    /// A benchmark on `queue` timing `variants` (kernels with this kernel's arguments) at each of `localSizes` (nil:
    /// the runtime's choice; a variant per kernel and local size, named `FILE.cl:NAME@local L`), each verified
    /// against this kernel's outputs on the same inputs; traffic is the spec's buffers read and written once per run,
    /// and `flops` (an expression of the size, e.g. `2*n`) the FLOPs of one run when given.
    /// - Throws: as ``kernel(on:)``.
    public func benchmark(variants: [UserKernel], tolerance: Tolerance, localSizes: [Int?] = [nil], flops: SizeExpression? = nil,
                          on queue: ComputeQueue) throws -> KernelBenchmark {
        let reference = self
        let names = spec.names(for: try kernel(on: queue))
        var benchmark = KernelBenchmark(
            name: label,
            arrays: { size in try reference.spec.arrays(for: size, names: names) },
            outputs: spec.outputs(names: names),
            reference: { arrays, size in try reference.outputs(on: queue, size: size, local: nil, arrays: arrays) },
            tolerance: tolerance,
            variants: variants.flatMap { variant in
                localSizes.map { local in
                    var timed = KernelBenchmark.Variant(name: variant.label + (local.map { "@local \($0)" } ?? ""),
                                                        traffic: { size in
                                                            let bytes = (try? variant.spec.traffic(for: size)) ?? Traffic(bytesRead: 0, bytesWritten: 0)
                                                            let operations = try? flops?.count(for: size, minimum: 0)
                                                            return Traffic(bytesRead: bytes.bytesRead, bytesWritten: bytes.bytesWritten, flops: operations)
                                                        }) { queue, size in
                        try variant.prepare(on: queue, size: size, local: local)
                    }
                    timed.fixedLocalSize = local
                    return timed
                }
            })
        benchmark.inPlace = spec.inPlace(names: names)
        return benchmark
    }
}
