// swiftcl-kernelgen [--no-compile] INPUT.cl OUTPUT.swift
// Generates typed Swift kernel functions for one OpenCL C file (run by SwiftCLKernelPlugin), then — like
// Xcode's openclc — compiles the file for every OpenCL device present at build time. Problems are printed
// as `file:line:column: error: message`, which SwiftPM shows as build errors, and exit non-zero. With no
// OpenCL device at build time the compile is skipped (the runtime still reports build errors with
// file:line:column when the program is first built).
import Foundation
import SwiftCL
import SwiftCLGenerator

var arguments = Array(CommandLine.arguments.dropFirst())
let compile = !arguments.contains("--no-compile")
arguments.removeAll { $0 == "--no-compile" }
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: swiftcl-kernelgen [--no-compile] INPUT.cl OUTPUT.swift\n".utf8))
    exit(2)
}
let input = URL(fileURLWithPath: arguments[0]), output = URL(fileURLWithPath: arguments[1])

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

let source: String
do {
    source = try FileSystem.textOfUserFile(input.path)
} catch {
    fail("\(input.path):1:1: error: cannot read the file: \(error)")
}
let (kernels, diagnostics) = KernelParser(fileName: input.path).parse(source)
if !diagnostics.errors.isEmpty { fail(diagnostics.map(\.description).joined(separator: "\n")) }
for warning in diagnostics { FileHandle.standardError.write(Data((warning.description + "\n").utf8)) }

let devices = compile ? ((try? Device.all) ?? []) : []
if compile && devices.isEmpty {
    FileHandle.standardError.write(Data("note: no OpenCL device at build time; \(input.lastPathComponent) was not compiled (its errors will surface when the program is first built)\n".utf8))
}
if !devices.isEmpty {
    var options = BuildOptions()
    options.raw = SwiftGenerator.declaredOptions(in: source)
    var errors: [String] = []
    for device in devices {
        do {
            let program = try Program(context: Context(devices: [device]), source: source, name: input.path, options: options)
            let compiled = try program.kernelNames.map { name in
                CompiledKernelCheck.Compiled(name: name, argumentCount: try program.kernel(named: name).argumentCount)
            }
            errors += CompiledKernelCheck.mismatches(typed: kernels, compiled: compiled, fileName: input.path, device: device.name,
                                                warnings: diagnostics)
        } catch let error as BuildError {
            let located = error.diagnostics.filter { $0.severity == .error }.map(\.description)
            errors += located.isEmpty
                ? ["\(input.path):1:1: error: the build failed on \(device.name): \(error.logs.map(\.log).joined(separator: " "))"]
                : located.map { "\($0) [\(device.name)]" }
        } catch {
            errors.append("\(input.path):1:1: error: could not compile on \(device.name): \(error)")
        }
    }
    if !errors.isEmpty { fail(errors.joined(separator: "\n")) }
}

let generated = SwiftGenerator().generate(fileName: input.lastPathComponent, source: source, kernels: kernels)
if (try? String(contentsOf: output, encoding: .utf8)) != generated {
    do {
        try generated.write(to: output, atomically: true, encoding: .utf8)
    } catch {
        fail("\(output.path):1:1: error: cannot write: \(error)")
    }
}
