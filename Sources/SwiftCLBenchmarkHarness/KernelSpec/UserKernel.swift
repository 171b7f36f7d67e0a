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
    /// The global size per dimension as expressions of the problem size (`n/4` for a kernel that does four elements
    /// per work-item, `w/4 x h`; rounded up, at least 1); nil: one work-item per element of the problem.
    public let globalSize: GlobalSizeExpression?

    /// The kernel `name` of `source`, built with `options`, launched over `globalSize` work-items (nil: one per element).
    /// A kernel with `reqd_work_group_size` runs in work-groups of that shape, its global size rounded up to it.
    public init(source: ProgramSource, name: String, spec: KernelArgumentSpec, options: BuildOptions = BuildOptions(),
                globalSize: GlobalSizeExpression? = nil) {
        self.source = source
        self.name = name
        self.spec = spec
        self.options = options
        self.globalSize = globalSize
    }

    /// `"FILE.cl:NAME"`, with `[global EXPR]` when the kernel has its own global size.
    public var label: String { "\(source.name):\(name)" + (globalSize.map { " [global \($0)]" } ?? "") }

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

    /// The encode closure for `size` with the work-group shape `local` (nil: the runtime's choice, or the kernel's
    /// `reqd_work_group_size`), for a kernel benchmark.
    func prepare(on queue: ComputeQueue, size: ProblemSize, local: WorkGroupShape?) throws -> KernelBenchmark.Variant.Encode {
        try encode(try kernel(on: queue), on: queue.device, size: size, local: local)
    }

    /// The encode closure of an already looked-up `kernel`.
    private func encode(_ kernel: Kernel, on device: Device, size: ProblemSize, local: WorkGroupShape?) throws -> KernelBenchmark.Variant.Encode {
        let names = spec.names(for: kernel)
        // Rounded up, so `n/4` covers every element (the kernel checks its bounds).
        let extents = try globalSize?.extents(for: size) ?? size.extents
        let required = try kernel.workGroupInfo(on: device).requiredWorkGroupSize
        let range = try Self.range(extents, local: local, required: required)
        return { cl, buffers in
            try cl.launch(kernel, range, arguments: try spec.launchArguments(for: size, names: names, buffers: buffers))
        }
    }

    /// One run on fresh buffers made from `arrays`; returns the output arrays by name.
    func outputs(on queue: ComputeQueue, size: ProblemSize, local: WorkGroupShape?, arrays: HostArrays) throws -> HostArrays {
        let kernel = try kernel(on: queue)
        let names = spec.names(for: kernel)
        let run = try PreparedRun(encode: try encode(kernel, on: queue.device, size: size, local: local), host: arrays, inPlace: [], queue: queue)
        let outputs = spec.outputs(names: names)
        let actual = try run.outputs(outputs)
        var result = HostArrays()
        for (name, array) in zip(outputs, actual) { result.set(name, array) }
        return result
    }

    /// The global range of a problem; with a work-group shape the global size is rounded up to a multiple of it in
    /// every dimension, as Kernel Tuner does, so the kernel must check its bounds (`if (i < n)`). A kernel's
    /// `reqd_work_group_size` (`required`) is the shape when none is given. The range gets as many dimensions as the
    /// problem or the shape has (a `16x16` shape on a 1-D problem launches 2-D, the second dimension one group). (A given
    /// shape that differs from the required one is refused at launch, naming both.)
    static func range(_ extents: [Int], local: WorkGroupShape?, required: [Int]? = nil) throws -> NDRange {
        guard let shape = local?.extents ?? required else { return try NDRange(global: extents) }
        let dimensions = max(extents.count, (shape.lastIndex { $0 > 1 } ?? 0) + 1)
        let padded = extents + Array(repeating: 1, count: dimensions - extents.count)
        let groups = Array(shape.prefix(dimensions)) + Array(repeating: 1, count: max(0, dimensions - shape.count))
        return try NDRange(covering: padded, local: groups)
    }
}

extension UserKernel {
    /// A check of this kernel against `reference` (another kernel with the same arguments) on the same generated
    /// inputs, for every size and local size: every output compared under `tolerance`.
    public func check(against reference: UserKernel, sizes: [ProblemSize], tolerance: Tolerance, localSizes: [Int]) -> KernelCheck {
        check(against: .kernel(reference), sizes: sizes, tolerance: tolerance, localShapes: localSizes.map(WorkGroupShape.init))
    }

    /// A check of this kernel against `reference` with 1-D local sizes; see ``check(against:sizes:tolerance:localShapes:)-(Reference,_,_,_)``.
    public func check(against reference: Reference, sizes: [ProblemSize], tolerance: Tolerance, localSizes: [Int]) -> KernelCheck {
        check(against: reference, sizes: sizes, tolerance: tolerance, localShapes: localSizes.map(WorkGroupShape.init))
    }

    /// What a user kernel is checked against: another kernel with the same arguments, or host expressions.
    public enum Reference: Sendable {
        case kernel(UserKernel)
        /// One `OUTPUT = EXPRESSION` per output, evaluated on the host (``HostExpression``).
        case host([HostExpression])

        public var label: String {
            switch self {
            case let .kernel(kernel): kernel.label
            case let .host(expressions): "the host (" + expressions.map(\.text).joined(separator: "; ") + ")"
            }
        }

        /// The expected outputs for `arrays` at `size`.
        func outputs(on queue: ComputeQueue, size: ProblemSize, arrays: HostArrays, names: [String], spec: KernelArgumentSpec) throws -> HostArrays {
            switch self {
            // The reference runs with the runtime's local size: it is the oracle, not the kernel under test.
            case let .kernel(kernel): try kernel.outputs(on: queue, size: size, local: nil, arrays: arrays)
            case let .host(expressions): try spec.expectedOutputs(expressions, arrays: arrays, names: names, size: size)
            }
        }
    }

    /// A check of this kernel against `reference` on the same generated inputs, for every size, with the runtime's
    /// local size (or the kernel's `reqd_work_group_size`) and each of `localShapes` (`16`, `16x16`).
    public func check(against reference: Reference, sizes: [ProblemSize], tolerance: Tolerance, localShapes: [WorkGroupShape]) -> KernelCheck {
        KernelCheck(name: "\(label) vs \(reference.label)", sizes: sizes.map { ImageProblem(width: $0.width, height: $0.height * $0.depth) },
                    tolerance: tolerance, localShapes: { _ in localShapes }) { queue, image, local in
            let size = sizes.first { $0.width == image.width && $0.height * $0.depth == image.height } ?? ProblemSize(width: image.width, height: image.height)
            let names = spec.names(for: try kernel(on: queue))
            let arrays = try spec.arrays(for: size, names: names)
            let actual = try outputs(on: queue, size: size, local: local, arrays: arrays)
            let expected = try reference.outputs(on: queue, size: size, arrays: arrays, names: names, spec: spec)
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
    /// against this kernel's outputs on the same inputs; see ``benchmark(variants:against:tolerance:localShapes:flops:on:)``.
    /// - Throws: as ``kernel(on:)``.
    public func benchmark(variants: [UserKernel], tolerance: Tolerance, localSizes: [Int?] = [nil], flops: SizeExpression? = nil,
                          on queue: ComputeQueue) throws -> KernelBenchmark {
        try Self.benchmark(variants: variants, against: .kernel(self), tolerance: tolerance,
                           localShapes: localSizes.map { $0.map(WorkGroupShape.init) }, flops: flops, on: queue)
    }

    /// ``benchmark(variants:against:tolerance:localShapes:flops:on:)`` with 1-D local sizes.
    /// - Throws: as ``kernel(on:)``.
    public static func benchmark(variants: [UserKernel], against reference: Reference, tolerance: Tolerance, localSizes: [Int?],
                                 flops: SizeExpression? = nil, on queue: ComputeQueue) throws -> KernelBenchmark {
        try benchmark(variants: variants, against: reference, tolerance: tolerance, localShapes: localSizes.map { $0.map(WorkGroupShape.init) },
                      flops: flops, on: queue)
    }

    /// A benchmark on `queue` timing `variants` (kernels with the same arguments) at each of `localShapes` (nil: the
    /// runtime's choice or the kernel's `reqd_work_group_size`; a variant per kernel and shape, named
    /// `FILE.cl:NAME@local 16x16`), each verified against `reference` on the same inputs; traffic is the spec's buffers
    /// read and written once per run, `flops` (an expression of the size, e.g. `2*n`) the FLOPs of one run when given,
    /// and the bound — timed beside every variant, giving its "% of bound" — a copy kernel moving the same declared
    /// bytes (half read, half written).
    /// - Throws: as ``kernel(on:)``.
    public static func benchmark(variants: [UserKernel], against reference: Reference, tolerance: Tolerance,
                                 localShapes: [WorkGroupShape?] = [nil], flops: SizeExpression? = nil,
                                 on queue: ComputeQueue) throws -> KernelBenchmark {
        guard let first = variants.first else { throw KernelSpecError.badArgument("--kernel", reason: "no kernel to benchmark") }
        let spec = first.spec
        let names = spec.names(for: try first.kernel(on: queue))
        var benchmark = KernelBenchmark(
            name: first.label,
            arrays: { size in try spec.arrays(for: size, names: names) },
            outputs: spec.outputs(names: names),
            reference: { arrays, size in try reference.outputs(on: queue, size: size, arrays: arrays, names: names, spec: spec) },
            tolerance: tolerance,
            variants: variants.flatMap { variant in
                localShapes.map { local in
                    var timed = KernelBenchmark.Variant(name: variant.label + (local.map { "@local \($0)" } ?? ""),
                                                        traffic: { size in
                                                            let bytes = (try? variant.spec.traffic(for: size)) ?? Traffic(bytesRead: 0, bytesWritten: 0)
                                                            let operations = try? flops?.count(for: size, minimum: 0)
                                                            return Traffic(bytesRead: bytes.bytesRead, bytesWritten: bytes.bytesWritten, flops: operations)
                                                        }) { queue, size in
                        try variant.prepare(on: queue, size: size, local: local)
                    }
                    timed.fixedLocalSize = local?.oneDimensional
                    timed.fixedLocalShape = local.flatMap { $0.oneDimensional == nil ? $0 : nil }
                    return timed
                }
            })
        benchmark.inPlace = spec.inPlace(names: names)
        benchmark.bound = declaredBytesCopy(spec)
        return benchmark
    }

    /// The bound of a user kernel: a streaming copy kernel (one `float16`, 64 bytes, read and written per work-item)
    /// between two buffers of its own, moving the bytes the spec declares (half of them read, half written, rounded up
    /// to 64), so "% of bound" is the kernel's GB/s over a plain parallel copy's. (The guide's one-float copy kernel
    /// pays PoCL's per-work-item overhead on every 8 bytes, and PoCL's `clEnqueueCopyBuffer` is a single-threaded
    /// `memcpy`: both run below what a streaming kernel reaches, so neither bounds anything.)
    static func declaredBytesCopy(_ spec: KernelArgumentSpec) -> KernelBenchmark.Variant {
        @Sendable func vectors(_ size: ProblemSize) -> Int {
            let traffic = (try? spec.traffic(for: size)) ?? Traffic(bytesRead: 0, bytesWritten: 0)
            return max(1, (traffic.bytesRead + traffic.bytesWritten + 127) / 128)
        }
        return KernelBenchmark.Variant(name: "copy of the declared bytes", traffic: { size in
            Traffic(bytesRead: vectors(size) * 64, bytesWritten: vectors(size) * 64)
        }) { queue, size in
            let count = vectors(size)
            let program = try queue.context.program(source: """
                kernel void swiftcl_copy_bound(global const float16 *in, global float16 *out) { out[get_global_id(0)] = in[get_global_id(0)]; }
                """, name: "copy_bound.cl")
            let kernel = try program.kernel(named: "swiftcl_copy_bound")
            let source = try Buffer<Float>(count: count * 16, context: queue.context)
            let destination = try Buffer<Float>(count: count * 16, context: queue.context)
            try queue.sync { cl in
                try cl.fill(source, with: 1)
                try cl.fill(destination, with: 0)
            }
            let range = try NDRange(count)
            return { cl, _ in try cl.launch(kernel, range, source.reinterpreted(as: SIMD16<Float>.self), destination.reinterpreted(as: SIMD16<Float>.self)) }
        }
    }
}
