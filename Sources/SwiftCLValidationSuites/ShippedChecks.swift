import SwiftCL
import SwiftCLValidation
import SwiftCLKernels

/// The validation suites of every shipped kernel: each against its host reference, over awkward sizes
/// and the local sizes the kernel allows.
package enum ShippedChecks {
    /// 1-D sizes: 1, odd, and not multiples of 4, 8 or 16.
    static let lengths = [1, 3, 17, 1000, 4099].map { ImageProblem(width: $0, height: 1) }
    /// 2-D sizes: 1×1, 1×N, N×1, 3×5, 17×13 and a width that is a multiple of 4 but not 8.
    static let images = [(1, 1), (1, 37), (37, 1), (3, 5), (17, 13), (100, 9)].map { ImageProblem(width: $0.0, height: $0.1) }

    /// Every check; `memcheck` picks small sizes for the simulator.
    package static func all(memcheck: Bool = false) -> [KernelCheck] {
        let lengths = memcheck ? [ImageProblem(width: 1, height: 1), ImageProblem(width: 37, height: 1)] : Self.lengths
        let images = memcheck ? [ImageProblem(width: 1, height: 1), ImageProblem(width: 17, height: 13)] : Self.images
        return [square(lengths), copy(lengths), addArrays(lengths)] + box(images, memcheck: memcheck) + [redToGreen(images)]
            // Under the simulator the scans and sorts also run at 600 elements: several tiles and work-groups in each layout.
            + arrays(lengths, images) + scansSortsRandom(memcheck ? lengths + [ImageProblem(width: 600, height: 1)] : lengths)
    }

    /// Deterministic values in [0, 1).
    static func values(_ count: Int, seed: UInt64 = 1) -> [Float] {
        DeterministicInput.unitInterval(count, seed: seed)
    }

    static func powersOfTwo(_ kernel: @escaping @Sendable (Context) throws -> Kernel) -> @Sendable (ComputeQueue) throws -> [Int] {
        { queue in Array(try kernel(queue.context).powerOfTwoLocalSizes(on: queue.device, cap: 256, step: 2).prefix(3)) }
    }

    static func oneDimensional(_ count: Int, local: Int?) throws -> NDRange {
        guard let local else { return try NDRange(count) }
        // Pad to whole work-groups would run past the buffers; use the largest allowed divisor instead.
        return try NDRange(count, local: NDRange.largestDividingLocalSize(of: count, atMost: local))
    }

    static func square(_ sizes: [ImageProblem]) -> KernelCheck {
        elementwise("square", sizes, input: { values($0).map { $0 * 100 - 50 } },
                    kernel: { try SquareCL.Square(context: $0).kernel }, reference: SquareCL.Square.reference)
    }

    static func copy(_ sizes: [ImageProblem]) -> KernelCheck {
        elementwise("copy", sizes, input: { values($0, seed: 2) },
                    kernel: { try CopyCL.Copy(context: $0).kernel }, reference: CopyCL.Copy.reference)
    }

    /// A check of a kernel taking (input buffer, output buffer), one work item per element.
    static func elementwise(_ name: String, _ sizes: [ImageProblem], input: @escaping @Sendable (Int) -> [Float],
                            kernel: @escaping @Sendable (Context) throws -> Kernel,
                            reference: @escaping @Sendable ([Float]) -> [Float]) -> KernelCheck {
        KernelCheck(name: name, sizes: sizes, tolerance: .ulp(0), localSizes: powersOfTwo(kernel)) { queue, size, local in
            let values = input(size.pixels)
            let launched = try kernel(queue.context)
            let a = try Buffer(copying: values, context: queue.context)
            let b = try Buffer<Float>(count: values.count, context: queue.context)
            let output = try queue.sync { cl in
                try cl.launch(launched, oneDimensional(values.count, local: local), a, b)
                return try cl.read(b)
            }
            return KernelCheck.Outcome(actual: output, expected: reference(values))
        }
    }

    static func addArrays(_ sizes: [ImageProblem]) -> KernelCheck {
        KernelCheck(name: "add_arrays", sizes: sizes, tolerance: .ulp(0),
                    localSizes: powersOfTwo { try AddArraysCL.AddArrays(context: $0).kernel }) { queue, size, local in
            let x = values(size.pixels, seed: 3), y = values(size.pixels, seed: 4)
            let kernel = try AddArraysCL.AddArrays(context: queue.context)
            let a = try Buffer(copying: x, context: queue.context)
            let b = try Buffer(copying: y, context: queue.context)
            let c = try Buffer<Float>(count: x.count, context: queue.context)
            let output = try queue.sync { cl in
                try kernel(cl, oneDimensional(x.count, local: local), a: a, b: b, c: c)
                return try cl.read(c)
            }
            return KernelCheck.Outcome(actual: output, expected: AddArraysCL.AddArrays.reference(x, y))
        }
    }

    static func box(_ sizes: [ImageProblem], memcheck: Bool) -> [KernelCheck] {
        BoxFilterVariant.all.map { variant in
            KernelCheck(name: "box/\(variant.name)", sizes: sizes, tolerance: .absolute(1e-4), localSizes: { queue in
                guard variant.hasTunableLocalSize else { return [] }
                let filter = try BoxFilter(variant: variant, context: queue.context)
                return Array(try filter.kernels[0].powerOfTwoLocalSizes(on: queue.device, cap: 64, step: 2)
                    .prefix(memcheck ? 1 : 2))
            }) { queue, size, local in
                let input = values(size.pixels, seed: 5)
                let expected = try BoxFilterReference.exact(input, width: size.width, height: size.height, range: 2)
                if let reason = variant.unsupportedReason(width: size.width, height: size.height) {
                    // A size the variant refuses is a pass when it is refused with that reason.
                    let filter = try BoxFilter(variant: variant, context: queue.context)
                    do {
                        _ = try filter.makeWorkspace(width: size.width, height: size.height)
                        throw ShippedCheckError.acceptedRefusedSize(variant: variant.name, reason: reason)
                    } catch BoxFilterError.unsupportedSize(variant.name, size.width, size.height, _) {
                        return KernelCheck.Outcome(outputs: [])
                    }
                }
                let filter = try BoxFilter(variant: variant, context: queue.context)
                let workspace = try filter.makeWorkspace(width: size.width, height: size.height)
                let a = try Buffer(copying: input, context: queue.context)
                let b = try Buffer<Float>(count: input.count, context: queue.context)
                let output = try queue.sync { cl in
                    try filter.encode(cl, input: a, output: b, workspace: workspace, localSize: local)
                    return try cl.read(b)
                }
                return KernelCheck.Outcome(actual: output, expected: expected)
            }
        }
    }

    static func redToGreen(_ sizes: [ImageProblem]) -> KernelCheck {
        KernelCheck(name: "red_to_green", sizes: sizes, tolerance: .ulp(0)) { queue, size, _ in
            let pixels = values(size.pixels, seed: 6).map { UInt32($0 * Float(1 << 24)) &* 257 }
            let kernel = try RedToGreenCL.RedToGreen(context: queue.context)
            let input = try Image(format: .rgbaUInt8, width: size.width, height: size.height, copying: pixels, context: queue.context)
            let output = try Image(format: .rgbaUInt8, width: size.width, height: size.height, context: queue.context)
            let result = try queue.sync { cl in
                try kernel(cl, NDRange(width: size.width, height: size.height), input: input, output: output)
                return try cl.read(output, as: UInt32.self)
            }
            // Compare channel by channel, each exactly representable as a Float.
            func channels(_ values: [UInt32]) -> [Float] {
                values.flatMap { value in (0..<4).map { Float((value >> (8 * $0)) & 0xFF) } }
            }
            return KernelCheck.Outcome(actual: channels(result), expected: channels(pixels.map(RedToGreenCL.RedToGreen.reference)))
        }
    }
}
