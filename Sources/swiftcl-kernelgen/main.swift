// swiftcl-kernelgen INPUT.cl OUTPUT.swift
// Generates typed Swift kernel functions for one OpenCL C file (run by SwiftCLKernelPlugin). Problems are
// printed as `file:line:column: error: message`, which SwiftPM shows as build errors, and exit non-zero.
import Foundation
import SwiftCLGenerator

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: swiftcl-kernelgen INPUT.cl OUTPUT.swift\n".utf8))
    exit(2)
}
let input = URL(fileURLWithPath: arguments[1]), output = URL(fileURLWithPath: arguments[2])
let source: String
do {
    source = try String(contentsOf: input, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("\(input.path):1:1: error: cannot read the file: \(error)\n".utf8))
    exit(1)
}
let (kernels, diagnostics) = KernelParser(fileName: input.path).parse(source)
if !diagnostics.isEmpty {
    for diagnostic in diagnostics { FileHandle.standardError.write(Data("\(diagnostic)\n".utf8)) }
    exit(1)
}
let generated = SwiftGenerator().generate(fileName: input.lastPathComponent, source: source, kernels: kernels)
if (try? String(contentsOf: output, encoding: .utf8)) != generated {
    do {
        try generated.write(to: output, atomically: true, encoding: .utf8)
    } catch {
        FileHandle.standardError.write(Data("\(output.path):1:1: error: cannot write: \(error)\n".utf8))
        exit(1)
    }
}
