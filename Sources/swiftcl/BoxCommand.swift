import ArgumentParser
import Foundation
import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLImageIO
import SwiftCLKernels

/// `swiftcl box IN OUT --range R [--variant V]`: box-filters a picture with a shipped variant, every channel on the
/// device, checked against the host reference before it is written.
struct BoxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "box",
        abstract: "Box-filter a picture (PNG, PGM or PPM) on an OpenCL device.",
        discussion: """
        Each channel (gray, RGB, alpha) is filtered on its own with the chosen box-filter variant, averaging the \
        (2·RANGE+1)² pixels around each pixel that lie inside the picture, and checked against the host reference \
        (within 1e-4 of full scale) before OUTPUT is written in the format its extension names, at the input's depth.
        """)

    @Argument(help: "The picture to read (PNG, PGM or PPM; told by its contents).")
    var input: String

    @Argument(help: "Where to write the result (.png, .pgm or .ppm).")
    var output: String

    @Option(help: "The box half-width: the box is 2·RANGE+1 pixels wide (0…16).")
    var range = 2

    @Option(help: "The box-filter variant (a name that does not exist lists those that do); the fastest on CPUs by default.")
    var variant = BoxFilterVariant.fastest.name

    @Option(help: "The device type to run on: gpu, cpu or any (a GPU where there is one).")
    var device = "any"

    @Flag(help: "Skip the check against the host reference.")
    var noVerify = false

    func validate() throws {
        guard (0...16).contains(range) else { throw ValidationError("--range must be 0…16, got \(range)") }
        guard ["gpu", "cpu", "any"].contains(device) else { throw ValidationError("--device must be gpu, cpu or any, got \(device)") }
        guard ImageFileFormat(pathExtensionOf: output) != nil else {
            throw ValidationError("\(output): the extension names no image format (use .png, .pgm or .ppm)")
        }
    }

    func run() throws {
        do {
            try filter()
        } catch let error as ImageFileError {
            FileHandle.standardError.write(Data("swiftcl box: \(error)\n".utf8))
            throw ExitCode.failure
        } catch let error as BoxFilterError {
            FileHandle.standardError.write(Data("swiftcl box: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }

    private func filter() throws {
        let picture = try ImageFile.read(contentsOf: input)
        let chosen = try BoxFilterVariant.named(variant)
        let queue = try ComputeQueue(preferring: device == "gpu" ? [.gpu] : device == "cpu" ? [.cpu] : [.gpu, .cpu])
        let filter = try BoxFilter(variant: chosen, context: queue.context, range: range)
        let workspace = try filter.makeWorkspace(width: picture.width, height: picture.height)
        let context = queue.context
        let inputBuffer = try Buffer<Float>(count: picture.width * picture.height, context: context)
        let outputBuffer = try Buffer<Float>(count: picture.width * picture.height, context: context)
        var planes: [[Float]] = []
        var deviceTime = Duration.zero
        var worst: Float = 0
        for channel in 0..<picture.channels.count {
            let plane = try picture.plane(channel)
            let timing = try queue.measure { cl in
                try cl.write(inputBuffer, from: plane)
                try filter.encode(cl, input: inputBuffer, output: outputBuffer, workspace: workspace)
                return try cl.read(outputBuffer)
            }
            deviceTime += timing.commands.filter { $0.label.hasPrefix("launch") }.reduce(Duration.zero) { $0 + $1.times.duration }
            if !noVerify {
                let expected = try BoxFilterReference.exact(plane, width: picture.width, height: picture.height, range: range)
                worst = max(worst, zip(timing.value, expected).map { abs($0 - $1) }.max() ?? 0)
            }
            planes.append(timing.value)
        }
        if !noVerify, worst > 1e-4 {
            FileHandle.standardError.write(Data("swiftcl box: \(chosen.name) differs from the host reference by \(worst) (tolerance 1e-4); \(output) not written\n".utf8))
            throw ExitCode.failure
        }
        try ImageFile.write(picture.replacingPlanes(planes), to: output)
        let seconds = deviceTime.seconds
        let pixels = Double(picture.width * picture.height * picture.channels.count)
        print("\(input) → \(output): \(picture.width)×\(picture.height) \(picture.channels) \(picture.depth.rawValue)-bit, "
            + "RANGE \(range), variant \(chosen.name) on \(queue.device.name): "
            + (seconds > 0 ? String(format: "%.3f ms on the device (%.0f Mpix/s)", seconds * 1e3, pixels / seconds / 1e6) : "")
            + (noVerify ? ", not verified" : String(format: ", max difference from the host reference %.2g", worst)))
    }
}
