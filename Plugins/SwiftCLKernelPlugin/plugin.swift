import Foundation
import PackagePlugin

/// For every `.cl` file of a target that applies it, generates `NAME.cl.swift`: the source embedded and
/// one typed Swift function per kernel (Xcode's generated `kernel.cl.h` blocks, for SwiftPM). A kernel
/// signature the generator cannot map fails the build with a diagnostic at its file:line:column, and so
/// does a compile error when an OpenCL device is present at build time (set SWIFTCL_BUILD_TIME_COMPILE=0
/// in the environment of `swift build` to skip that compile).
@main
struct SwiftCLKernelPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "swiftcl-kernelgen")
        let compile = ProcessInfo.processInfo.environment["SWIFTCL_BUILD_TIME_COMPILE"] != "0"
        return module.sourceFiles(withSuffix: "cl").map { file in
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(file.url.lastPathComponent + ".swift")
            return .buildCommand(
                displayName: "Generating typed kernels for \(file.url.lastPathComponent)",
                executable: tool.url,
                arguments: (compile ? [] : ["--no-compile"]) + [file.url.path, output.path],
                inputFiles: [file.url],
                outputFiles: [output])
        }
    }
}
