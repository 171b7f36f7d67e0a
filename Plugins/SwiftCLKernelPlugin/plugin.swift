import Foundation
import PackagePlugin

/// For every `.cl` file of a target that applies it, generates `NAME.cl.swift`: the source embedded and
/// one typed Swift function per kernel (Xcode's generated `kernel.cl.h` blocks, for SwiftPM). A kernel
/// signature the generator cannot map fails the build with a diagnostic at its file:line:column.
@main
struct SwiftCLKernelPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "swiftcl-kernelgen")
        return module.sourceFiles(withSuffix: "cl").map { file in
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(file.url.lastPathComponent + ".swift")
            return .buildCommand(
                displayName: "Generating typed kernels for \(file.url.lastPathComponent)",
                executable: tool.url,
                arguments: [file.url.path, output.path],
                inputFiles: [file.url],
                outputFiles: [output])
        }
    }
}
