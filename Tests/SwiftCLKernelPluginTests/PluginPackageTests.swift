import Foundation
import SwiftCLTestSupport
import Testing

/// A package of its own that depends on SwiftCL by path, applies the plugin and drops a `.cl` file next to
/// its Swift — the user's view of issue 4 — built and run from scratch with `swift build`.
@Suite("A user package applying the plugin")
struct PluginPackageTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func run(_ executable: String, _ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFTCL_BUILD_TIME_COMPILE"] = nil
        return try runProcess([executable] + arguments, in: directory, environment: environment)
    }

    static func makePackage(kernel: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-plugin-user-\(UUID())")
        let sources = folder.appendingPathComponent("Sources/PluginUser")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let identity = repository.lastPathComponent.lowercased()
        try """
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
            name: "PluginUser",
            dependencies: [.package(path: "\(repository.path)")],
            targets: [
                .executableTarget(
                    name: "PluginUser",
                    dependencies: [.product(name: "SwiftCL", package: "\(identity)")],
                    plugins: [.plugin(name: "SwiftCLKernelPlugin", package: "\(identity)")]
                ),
            ],
            swiftLanguageModes: [.v6]
        )
        """.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try kernel.write(to: sources.appendingPathComponent("double_it.cl"), atomically: true, encoding: .utf8)
        try """
        import SwiftCL

        let queue = try ComputeQueue(.cpu)
        let input: [Float] = (0..<100).map(Float.init)
        let buffer = try Buffer(copying: input, context: queue.context)
        let doubleIt = try DoubleItCL.DoubleIt(context: queue.context)
        let output = try queue.sync { cl in
            try doubleIt(cl, NDRange(input.count), data: buffer, count: input.count)
            try DoubleItCL.double_it(cl, NDRange(input.count), data: buffer, count: UInt32(input.count))
            return try cl.read(buffer)
        }
        print(output == input.map { $0 * 4 } ? "PLUGIN USER OK" : "PLUGIN USER WRONG \\(output.prefix(4))")
        """.write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test("typed kernels with no other step; a syntax error in the .cl fails the build at its line", .timeLimit(.minutes(20)))
    func userPackage() throws {
        let good = "__kernel void double_it(__global float *data, uint count)\n{\n    if (get_global_id(0) < count) data[get_global_id(0)] *= 2.0f;\n}\n"
        let folder = try Self.makePackage(kernel: good)
        defer { try? FileManager.default.removeItem(at: folder) }
        let build = try Self.run("swift", ["build"], in: folder)
        #expect(build.status == 0, "the user package builds:\n\(build.output.suffix(3000))")
        let generatedWarnings = build.output.split(separator: "\n").filter { $0.contains("DoubleItCL") || $0.contains("double_it") }
            .filter { $0.contains("warning:") }
        #expect(generatedWarnings.isEmpty, "the generated Swift builds without warnings: \(generatedWarnings)")
        let run = try Self.run("swift", ["run", "PluginUser"], in: folder)
        #expect(run.output.contains("PLUGIN USER OK"), "\(run.output.suffix(2000))")
        // Break the kernel: the next build fails with the compiler's diagnostic at the .cl file's line.
        try "__kernel void double_it(__global float *data)\n{\n    data[get_global_id(0)] *= undefined_factor;\n}\n"
            .write(to: folder.appendingPathComponent("Sources/PluginUser/double_it.cl"), atomically: true, encoding: .utf8)
        let broken = try Self.run("swift", ["build"], in: folder)
        #expect(broken.status != 0)
        #expect(broken.output.contains("double_it.cl:3:31: error: use of undeclared identifier 'undefined_factor'"),
                "\(broken.output.suffix(3000))")
    }
}
