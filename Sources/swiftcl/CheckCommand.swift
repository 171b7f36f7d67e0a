import ArgumentParser
import Foundation
import SwiftCL
import SwiftCLCommandLine
import SwiftCLGenerator

/// `swiftcl check FILE.cl [-D NAME=VALUE ...]`: the guide's `openclc` — compile a file for every device,
/// print the compiler's diagnostics and the typed signatures SwiftCLKernelPlugin would generate.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compile a .cl file for every device; print diagnostics and the typed Swift signatures of its kernels.")

    @Argument(help: "The OpenCL C file.")
    var file: String

    @Option(name: .customShort("D"), help: ArgumentHelp("A preprocessor definition NAME or NAME=VALUE (repeatable).", valueName: "NAME=VALUE"))
    var definitions: [String] = []

    func validate() throws {
        for definition in definitions { _ = try UserSourceFile.parseDefinition(definition) }
    }

    func run() throws {
        let url = URL(fileURLWithPath: file)
        let source = try UserSourceFile.read(url)
        var failed = false
        let (kernels, diagnostics) = KernelParser(fileName: url.path).parse(source, extraOptions: definitions.map { "-D" + $0 })
        for diagnostic in diagnostics {
            print(diagnostic)
            if diagnostic.severity == .error { failed = true }
        }
        var options = BuildOptions()
        options.raw = SwiftGenerator.declaredOptions(in: source)
        for definition in definitions {
            let (name, value) = try UserSourceFile.parseDefinition(definition)
            options.define(name, value)
        }
        for device in try Device.all {
            do {
                let program = try Program(context: Context(devices: [device]), source: source, name: url.path, options: options)
                for warning in program.diagnostics { print(warning) }
                print("\(device.name): compiled (\(program.kernelNames.count) kernel(s))")
            } catch let error as BuildError {
                failed = true
                print("\(device.name): build failed with \(error.status.name)")
                for diagnostic in error.diagnostics { print(diagnostic) }
                if error.diagnostics.isEmpty { print(error.logs.map(\.log).joined(separator: "\n")) }
            }
        }
        if !kernels.isEmpty {
            let namespace = SwiftGenerator.namespace(for: url.lastPathComponent)
            print("\nTyped Swift (namespace \(namespace)):")
            for kernel in kernels {
                let typeName = SwiftGenerator.typeName(for: kernel.name, namespace: namespace, kernelNames: Set(kernels.map(\.name)))
                let parameters = kernel.parameters.map { ", \($0.name): \($0.argumentType)" }.joined()
                let required = kernel.requiredWorkGroupSize.map { "   // reqd_work_group_size \($0)" } ?? ""
                print("  \(namespace).\(typeName)(context:)(_ cl: ComputeEncoder, _ range: NDRange\(parameters)) throws\(required)")
            }
        }
        if failed { throw ExitCode.failure }
    }
}
