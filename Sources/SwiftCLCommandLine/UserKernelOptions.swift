import ArgumentParser
import Foundation
import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLGenerator
import SwiftCLValidation

/// The options `validate FILE.cl` and `bench FILE.cl` share: which kernels, their arguments, sizes, tolerance.
package struct UserKernelOptions: ParsableArguments {
    package init() {}

    @Option(name: .customLong("kernel"), help: ArgumentHelp("""
        The kernel to run (repeatable for bench: each is a variant), with its own global size when it does not run one work-item per element: NAME:EXPR[xEXPR[xEXPR]], one expression per dimension, e.g. saxpy4:n/4 or tiled:w/4xh (rounded up; dimensions not given are the problem's; default: one per element).
        """, valueName: "NAME[:GLOBAL]"))
    package var kernels: [String] = []

    @Option(help: ArgumentHelp("The reference kernel, FILE.cl:NAME (default for bench: the first --kernel).", valueName: "FILE.cl:NAME"))
    package var reference: String?

    @Option(name: .customLong("expect"), help: ArgumentHelp("""
        A host reference instead of a reference kernel, one per output buffer, evaluated in Double: OUT = EXPR for every \
        element i of OUT, or OUT[INDEX] = EXPR for every point x, y, z of the problem (a transpose: "out[x*h + y] = \
        in[y*w + x]"). Names: the kernel's arguments (a buffer's element i, or BUF[EXPR]), i, x, y, z, n, w, h, d; \
        + - * / %, sqrt exp log sin cos tan tanh abs floor ceil min max pow fma. Example: --expect "y = a * x + y".
        """, valueName: "OUT[INDEX] = EXPR"))
    package var expectations: [String] = []

    @Option(help: ArgumentHelp("""
        The kernel's arguments in order: in:TYPE[COUNT], out:TYPE[COUNT], inout:TYPE[COUNT] (buffers) or TYPE=VALUE \
        (scalars); COUNT and VALUE may use n (elements), w, h, d. Example: "float=2, in:float[n], inout:float[n], uint=n".
        """, valueName: "SPEC"))
    package var args: String?

    @Option(help: ArgumentHelp("Problem sizes: N, WxH or WxHxD, comma-separated.", valueName: "SIZES"))
    package var sizes: String = "1,7,1000,4096"

    @Option(help: ArgumentHelp("exact, abs:B, rel:R, ulp:N or allclose:ATOL,RTOL.", valueName: "TOLERANCE"))
    package var tolerance: String = "allclose:1e-6,1e-5"

    @Option(help: ArgumentHelp("""
        Work-group sizes to try besides the runtime's choice (or the kernel's reqd_work_group_size), comma-separated, \
        each N, NxM or NxMxK (16, 16x16, 8x8x2); the global size is then rounded up to a multiple in every dimension, so \
        the kernel must check its bounds (bench times each beside the runtime's choice).
        """, valueName: "SIZES"))
    package var local: String = ""

    @Option(name: .customShort("D"), help: ArgumentHelp("A preprocessor definition for both files (repeatable).", valueName: "NAME=VALUE"))
    package var definitions: [String] = []

    /// Spec, sizes, tolerance and local sizes are read before anything runs, so a typo is a usage error (exit 64).
    package func validate() throws {
        do {
            if let args { _ = try KernelArgumentSpec(args) }
            _ = try parsedKernels()
            _ = try parsedExpectations()
            if reference != nil && !expectations.isEmpty { throw ValidationError("give --reference or --expect, not both") }
            _ = try parsedSizes()
            _ = try parsedTolerance()
            _ = try parsedLocalSizes()
        } catch let error as KernelSpecError {
            throw ValidationError(error.description)
        }
    }

    /// `--kernel` values as (name, global size).
    package func parsedKernels() throws -> [(name: String, globalSize: GlobalSizeExpression?)] {
        try kernels.map { text in
            guard let colon = text.firstIndex(of: ":") else { return (text, nil) }
            let name = String(text[..<colon]), expression = String(text[text.index(after: colon)...])
            guard !name.isEmpty, !expression.isEmpty else { throw ValidationError("--kernel needs NAME or NAME:EXPR, got \(text)") }
            return (name, try GlobalSizeExpression(expression))
        }
    }

    package func parsedExpectations() throws -> [HostExpression] { try expectations.map(HostExpression.init) }

    /// What the kernels are checked against: `--expect` host expressions, the `--reference` kernel, or (`fallback`)
    /// none given.
    package func kernelReference(fallback: UserKernel?) throws -> UserKernel.Reference? {
        let expressions = try parsedExpectations()
        if !expressions.isEmpty { return .host(expressions) }
        if let given = try referenceKernel() { return .kernel(given) }
        return fallback.map { .kernel($0) }
    }

    package func parsedSizes() throws -> [ProblemSize] { try sizes.split(separator: ",").map { try ProblemSize(spec: String($0)) } }
    package func parsedTolerance() throws -> Tolerance { try Tolerance(spec: tolerance) }
    package func parsedLocalSizes() throws -> [WorkGroupShape] {
        try local.split(separator: ",").map { text in
            do {
                return try WorkGroupShape(parsing: String(text))
            } catch {
                throw ValidationError("--local: \(error)")
            }
        }
    }

    /// The arguments that name one case of `kernel` at `size` again, for a child process (no --local: the child is told
    /// its local size on its own).
    package func childArguments(file: String, kernel: String, size: ProblemSize) -> [String] {
        var arguments = ["validate", file, "--kernel", kernel, "--sizes", size.spec, "--tolerance", tolerance]
        if let reference { arguments += ["--reference", reference] }
        for expectation in expectations { arguments += ["--expect", expectation] }
        if let args { arguments += ["--args", args] }
        for definition in definitions { arguments += ["-D", definition] }
        return arguments
    }

    /// The kernels named by `--kernel` in `file`, with the file's declared options and the -D definitions.
    package func userKernels(in file: String) throws -> [UserKernel] {
        guard !kernels.isEmpty else { throw ValidationError("give --kernel NAME for \(file)") }
        let spec = try self.spec()
        let (source, options) = try load(file)
        return try parsedKernels().map { UserKernel(source: source, name: $0.name, spec: spec, options: options, globalSize: $0.globalSize) }
    }

    /// The `--reference FILE.cl:NAME` kernel, if given.
    package func referenceKernel() throws -> UserKernel? {
        guard let reference else { return nil }
        guard let colon = reference.lastIndex(of: ":"), colon != reference.startIndex, reference.index(after: colon) != reference.endIndex else {
            throw ValidationError("--reference needs FILE.cl:NAME, got \(reference)")
        }
        let (source, options) = try load(String(reference[..<colon]))
        return UserKernel(source: source, name: String(reference[reference.index(after: colon)...]), spec: try spec(), options: options)
    }

    private func spec() throws -> KernelArgumentSpec {
        guard let args else { throw ValidationError("give --args with the kernel's arguments, e.g. \"float=2, in:float[n], inout:float[n], uint=n\"") }
        return try KernelArgumentSpec(args)
    }

    private func load(_ path: String) throws -> (ProgramSource, BuildOptions) {
        let text = try UserSourceFile.read(URL(fileURLWithPath: path))
        var options = BuildOptions()
        options.raw = SwiftGenerator.declaredOptions(in: text)
        for definition in definitions {
            let (name, value) = try UserSourceFile.parseDefinition(definition)
            options.define(name, value)
        }
        return (ProgramSource(name: path, text: text), options)
    }
}

extension UserKernelOptions {
    /// What `bench FILE.cl` times: each `--kernel` a variant, verified against `--reference`/`--expect` (the first
    /// kernel when neither is given, which then is checked only for repeatability), beside the runtime's local size
    /// and each `--local` one; `flops` an expression of the size for GFLOP/s; `quick` for a smoke run.
    package func benchmark(of file: String, flops: String?, quick: Bool, on queue: ComputeQueue) throws
        -> (benchmark: KernelBenchmark, reference: UserKernel.Reference, referenceGiven: Bool) {
        let kernels = try userKernels(in: file)
        let given = try kernelReference(fallback: nil)
        let reference = given ?? .kernel(kernels[0])
        var benchmark = try UserKernel.benchmark(variants: kernels, against: reference, tolerance: try parsedTolerance(),
                                                 localShapes: [nil] + (try parsedLocalSizes()).map(Optional.some),
                                                 flops: try flops.map(SizeExpression.init), on: queue)
        if quick { benchmark.settings.samples = 3; benchmark.settings.sampleBudget = 0.01 }
        return (benchmark, reference, given != nil)
    }
}

extension UserKernelOptions {
    /// The `--reference` kernel or `--expect` host expressions that `validate FILE.cl` compares with (one is required).
    package func requiredReference() throws -> UserKernel.Reference {
        guard let reference = try kernelReference(fallback: nil) else {
            throw ValidationError("give --reference FILE.cl:NAME (a kernel to compare with) or --expect \"OUT = EXPR\" (a host reference)")
        }
        return reference
    }

    /// `file`'s `--kernel`s as validation checks against ``requiredReference()``, at `--sizes` within `--tolerance`,
    /// with the runtime's local size and each `--local` one.
    package func checks(of file: String) throws -> [KernelCheck] {
        try checks(of: try userKernels(in: file), against: try requiredReference())
    }

    /// `kernels` as validation checks against `reference`, at `--sizes` within `--tolerance`, with the runtime's local
    /// size and each `--local` one.
    package func checks(of kernels: [UserKernel], against reference: UserKernel.Reference) throws -> [KernelCheck] {
        let sizes = try parsedSizes(), tolerance = try parsedTolerance(), locals = try parsedLocalSizes()
        return kernels.map { $0.check(against: reference, sizes: sizes, tolerance: tolerance, localShapes: locals) }
    }
}
