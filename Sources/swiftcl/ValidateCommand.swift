import ArgumentParser
import Foundation
import SwiftCL
import SwiftCLCommandLine
import SwiftCLBenchmarkHarness
import SwiftCLValidation
import SwiftCLValidationSuites

/// `swiftcl validate`: every shipped kernel against its host reference on every device; with
/// `--memcheck`, again under Oclgrind with its checks on.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Validate every shipped kernel against its host reference on every device (and under Oclgrind with --memcheck).",
        discussion: """
            With a FILE.cl, validate your own kernel against a reference kernel on the same generated inputs instead:
              swiftcl validate saxpy.cl --kernel saxpy4 --reference saxpy.cl:saxpy \\
                --args "float=2, in:float[n], inout:float[n], uint=n" --sizes 1,7,1000 --tolerance ulp:0 --local 1,16
            """)

    @Argument(help: "Your .cl file (default: the shipped kernels).")
    var file: String?

    @OptionGroup(title: "Your kernel (with FILE.cl)")
    var user: UserKernelOptions

    @Option(help: "Write every case as JSON to this path.")
    var json: String?

    @Flag(help: "Also run the kernels under Oclgrind (out-of-bounds, data races, API misuse) at small sizes.")
    var memcheck = false

    @Flag(help: "Add the deliberately broken kernels (an out-of-bounds write, a missing barrier): the run must then fail.")
    var includeBroken = false

    @Option(name: .customLong("check"), help: "Only the checks whose names start with this (repeatable).")
    var checks: [String] = []

    @Flag(help: .hidden)
    var oclgrindChild = false

    /// In a child validating one case of a user kernel under Oclgrind: the local size ("auto": the runtime's).
    @Option(help: .hidden)
    var oclgrindLocal: String?

    func run() throws {
        if let file {
            try validateUserKernel(file)
            return
        }
        var selected = ShippedChecks.all(memcheck: memcheck || oclgrindChild) + (includeBroken ? BrokenKernels.checks : [])
        if !checks.isEmpty { selected = selected.filter { check in checks.contains { check.name.hasPrefix($0) } } }
        if oclgrindChild {
            try runAsOclgrindChild(selected)
            return
        }
        try validate(selected) { try runMemcheck() }
    }

    /// The one validate path both kinds of check share: run every check on every device (with a progress line),
    /// print the table and the JSON, then `memcheck` when asked; exits non-zero when anything failed.
    private func validate(_ checks: [KernelCheck], memcheck runMemcheck: () throws -> Bool) throws {
        let devices = try Device.all
        guard !devices.isEmpty else { throw ValidationError("no OpenCL device: install pocl-opencl-icd") }
        let progress = ProgressLine()
        let cases = Validator().run(checks, on: devices) { progress.show($0) }
        progress.clear()
        print(Validator.table(cases))
        if let json {
            try FileSystem.replaceFile(json, with: Validator.json(cases), origin: .user)
            print("JSON: \(json)")
        }
        var failed = !cases.allSatisfy(\.passed)
        if memcheck {
            failed = try runMemcheck() || failed
        }
        print(failed ? "\nValidation FAILED." : "\nAll \(cases.count) cases passed.")
        if failed { throw ExitCode.failure }
    }

    /// Runs this command again as a child that sees only Oclgrind; returns whether anything failed.
    private func runMemcheck() throws -> Bool {
        print("\nMemcheck under Oclgrind (out-of-bounds always, data races and API checks on):")
        var arguments = ["validate", "--oclgrind-child"]
        if includeBroken { arguments.append("--include-broken") }
        for check in checks { arguments += ["--check", check] }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        let result = try Oclgrind.run(executable, arguments: arguments)
        print(result.standardOutput, terminator: "")
        Self.printFindings(result.findings)
        if result.findings.isEmpty && result.exitStatus == 0 { print("  no findings") }
        if result.exitStatus != 0 && result.findings.isEmpty {
            print(result.standardError.split(separator: "\n").suffix(10).joined(separator: "\n"))
        }
        return !result.findings.isEmpty || result.exitStatus != 0
    }

    /// In the child: run every check on the Oclgrind device, marking each case on standard error so the
    /// parent can attribute Oclgrind's reports.
    private func runAsOclgrindChild(_ selected: [KernelCheck]) throws {
        let queue = try ComputeQueue(device: try oclgrindDevice())
        var failures = 0
        for check in selected {
            let locals: [Int?] = [nil] + ((try? check.localSizes(queue)) ?? []).map(Optional.some)
            for size in check.sizes {
                for local in locals {
                    let name = "\(check.name) \(size) local \(local.map(String.init) ?? "auto")"
                    FileHandle.standardError.write(Data("\n[case] \(name)\n".utf8))
                    let result = Validator.validate(check, queue: queue, size: size, local: local)
                    print("  \(result.passed ? "pass" : "FAIL") \(name)")
                    if !result.passed { failures += 1 }
                }
            }
        }
        if failures > 0 { throw ExitCode.failure }
    }

    /// `validate FILE.cl --kernel NAME --reference REF.cl:NAME --args …`: every kernel against the reference, on
    /// every device, size and local size; with `--memcheck`, then every case again in its own Oclgrind process.
    private func validateUserKernel(_ file: String) throws {
        let reference = try user.requiredReference()
        let kernels = try user.userKernels(in: file)
        let sizes = try user.parsedSizes(), tolerance = try user.parsedTolerance(), locals = try user.parsedLocalSizes()
        if oclgrindChild {
            try runUserCaseUnderOclgrind(kernels, reference: reference, sizes: sizes, tolerance: tolerance)
            return
        }
        let checks = try user.checks(of: kernels, against: reference)
        try validate(checks) { try memcheckUserCases(file, kernels: kernels, sizes: sizes, locals: locals) }
    }

    /// Every (kernel, size, local size) case in its own Oclgrind process: Oclgrind's uninitialised-value tracking
    /// keeps state across launches in one process, so a shared process could blame one case for another's memory.
    /// Returns whether any case failed or drew a finding.
    private func memcheckUserCases(_ file: String, kernels: [UserKernel], sizes: [ProblemSize], locals: [WorkGroupShape]) throws -> Bool {
        let cases = kernels.flatMap { kernel in sizes.flatMap { size in ([nil] + locals.map(Optional.some)).map { (kernel, size, $0) } } }
        print("\nMemcheck under Oclgrind, one process per case (\(cases.count) cases; out-of-bounds always, data races and API checks on):")
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        var failed = false
        for (kernel, size, local) in cases {
            let localText = local?.description ?? "auto"
            let name = "\(kernel.name) \(size) local \(localText)"
            let result = try Oclgrind.run(executable, arguments: user.childArguments(file: file, kernel: kernel.globalSize.map { "\(kernel.name):\($0)" } ?? kernel.name, size: size)
                                            + ["--oclgrind-child", "--oclgrind-local", localText])
            let findings = result.findings.map { finding in
                Oclgrind.Finding(context: name, kernel: finding.kernel, summary: finding.summary, details: finding.details)
            }
            let status = !findings.isEmpty ? "FAULT" : result.exitStatus == 0 ? "pass" : "FAIL"
            print("  \(status) \(name)")
            Self.printFindings(findings)
            if result.exitStatus != 0 && findings.isEmpty {
                print((result.standardOutput + result.standardError).split(separator: "\n").suffix(10).map { "       \($0)" }.joined(separator: "\n"))
            }
            failed = failed || !findings.isEmpty || result.exitStatus != 0
        }
        if !failed { print("  no findings") }
        return failed
    }

    /// The findings grouped by case, kernel and kind: the first two of each group with the first lines of their
    /// details (kernel, work item, instruction, source line), then how many more the group has.
    private static func printFindings(_ findings: [Oclgrind.Finding]) {
        for group in Oclgrind.grouped(findings) {
            for finding in group.examples {
                print("  FAULT \(finding)")
                for line in finding.details.prefix(4) { print("       \(line.trimmingCharacters(in: .whitespaces))") }
            }
            if group.count > group.examples.count {
                print("  … and \(group.count - group.examples.count) more like it (\(group.count) in all)")
            }
        }
        if findings.count > 1 {
            print("  \(findings.count) finding(s) of \(Set(findings.map { [$0.context ?? "", $0.kernel ?? "", $0.kind] }).count) kind(s)")
        }
    }

    /// In the child: the one case its arguments name, on the Oclgrind device.
    private func runUserCaseUnderOclgrind(_ kernels: [UserKernel], reference: UserKernel.Reference, sizes: [ProblemSize], tolerance: Tolerance) throws {
        let device = try oclgrindDevice()
        let local: WorkGroupShape? = try oclgrindLocal.flatMap { $0 == "auto" ? nil : try WorkGroupShape(parsing: $0) }
        let queue = try ComputeQueue(device: device)
        var failures = 0
        for kernel in kernels {
            let check = kernel.check(against: reference, sizes: sizes, tolerance: tolerance, localShapes: local.map { [$0] } ?? [])
            for size in check.sizes {
                let result = Validator.validate(check, queue: queue, size: size, shape: local)
                print("\(result.passed ? "pass" : "FAIL") \(check.name) \(size) local \(local?.description ?? "auto")")
                if !result.passed {
                    failures += 1
                    print(Validator.table([result]))
                }
            }
        }
        if failures > 0 { throw ExitCode.failure }
    }

    private func oclgrindDevice() throws -> Device {
        guard let device = try Device.all.first(where: { $0.name.contains("Oclgrind") }) else {
            throw ValidationError("the Oclgrind device is not visible (OCL_ICD_VENDORS=\(ProcessInfo.processInfo.environment["OCL_ICD_VENDORS"] ?? "unset"))")
        }
        return device
    }
}
