// swiftcl-kernelgen [--no-compile] INPUT.cl OUTPUT.swift
// Generates typed Swift kernel functions for one OpenCL C file (run by SwiftCLKernelPlugin), then — like
// Xcode's openclc — compiles the file for every OpenCL device present at build time (through the C API: the tool
// does not link the runtime, so a client's build compiles SwiftCL once, for its own target). Problems are printed
// as `file:line:column: error: message`, which SwiftPM shows as build errors, and exit non-zero. With no
// OpenCL device at build time the compile is skipped (the runtime still reports build errors with
// file:line:column when the program is first built).
import Foundation
import OpenCLSource
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
switch RegularFile.load(input.path, maximumBytes: 64 << 20, followingSymlink: true) {
case .missing: fail("\(input.path):1:1: error: cannot read the file: no such file")
case let .refused(reason): fail("\(input.path):1:1: error: cannot read the file: \(reason)")
case let .contents(bytes):
    guard let text = String(validating: bytes, as: UTF8.self) else { fail("\(input.path):1:1: error: cannot read the file: not UTF-8 text") }
    source = text
}
let (kernels, diagnostics) = KernelParser(fileName: input.path).parse(source)
if !diagnostics.errors.isEmpty { fail(diagnostics.map(\.description).joined(separator: "\n")) }
for warning in diagnostics { FileHandle.standardError.write(Data((warning.description + "\n").utf8)) }

let devices: [BuildTimeCompiler.Device]
do {
    devices = compile ? try BuildTimeCompiler.devices() : []
} catch {
    devices = []
    FileHandle.standardError.write(Data("note: OpenCL devices could not be listed at build time (\(error)); \(input.lastPathComponent) was not compiled\n".utf8))
}
if compile && devices.isEmpty {
    FileHandle.standardError.write(Data("note: no OpenCL device at build time; \(input.lastPathComponent) was not compiled (its errors will surface when the program is first built)\n".utf8))
}
if !devices.isEmpty {
    // Every file an include names is read first: one naming a FIFO or a device would block the compiler forever.
    let options = SwiftGenerator.declaredOptions(in: source).joined(separator: " ")
    do {
        _ = try IncludeResolver(options: options).resolve(source: source, sourceName: input.path)
    } catch {
        fail("\(input.path):1:1: error: \(error)")
    }
    var errors: [String] = []
    for device in devices {
        do {
            switch try BuildTimeCompiler.compile(source, named: input.path, options: options, on: device) {
            case let .success(compiled):
                errors += CompiledKernelCheck.mismatches(typed: kernels, compiled: compiled, fileName: input.path, device: device.name,
                                                         warnings: diagnostics)
            case let .failure(failure):
                errors += failure.located.isEmpty
                    ? ["\(input.path):1:1: error: the build failed on \(device.name) (status \(failure.status)): \(failure.log.split(whereSeparator: \.isNewline).joined(separator: " "))"]
                    : failure.located.map { "\($0) [\(device.name)]" }
            }
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
