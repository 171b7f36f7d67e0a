import Foundation
import SwiftCLImageIO
import SwiftCLKernels
import SwiftCLTestSupport
import Testing

@Suite("swiftcl box")
struct BoxCommandTests {
    /// A picture with edges and gradients in every channel.
    static func picture(width: Int, height: Int, channels: PixelImage.Channels, depth: PixelImage.Depth) throws -> PixelImage {
        var samples: [Float] = []
        for y in 0..<height {
            for x in 0..<width {
                for channel in 0..<channels.count {
                    let square: Float = ((x / 5 + y / 5 + channel) % 2 == 0) ? 1 : 0
                    samples.append(channel == 0 ? square : Float(x + y * channel) / Float(width + height * channels.count))
                }
            }
        }
        return try PixelImage(width: width, height: height, channels: channels, depth: depth, normalized: samples)
    }

    @Test("blurs PNG, PGM and PPM pictures to the host reference, any variant; bad inputs are one-line errors",
          arguments: [(PixelImage.Channels.rgb, PixelImage.Depth.eight, "png"), (.rgba, .sixteen, "png"), (.gray, .eight, "pgm"),
                      (.rgb, .sixteen, "ppm"), (.grayAlpha, .eight, "png")])
    func box(channels: PixelImage.Channels, depth: PixelImage.Depth, format: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-box-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let picture = try Self.picture(width: 37, height: 23, channels: channels, depth: depth)
        let input = folder.appendingPathComponent("in.\(format)").path, output = folder.appendingPathComponent("out.\(format)").path
        try ImageFile.write(picture, to: input)
        for (variant, range) in [("rows4", 3), ("boxAvg1", 1), ("band", 16), ("H4+V4", 0)] {
            let run = try SwiftclCommandTests.runSwiftcl(["box", input, output, "--range", "\(range)", "--variant", variant])
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("variant \(variant)") && run.output.contains("max difference from the host reference"), "\(run.output)")
            let blurred = try ImageFile.read(contentsOf: output)
            #expect(blurred.width == picture.width && blurred.channels == channels && blurred.depth == depth)
            // Each channel is the host reference of the input's channel, quantised to the file's depth.
            let step = 1 / Float(depth.maximum)
            for channel in 0..<channels.count {
                let expected = try BoxFilterReference.exact(picture.plane(channel), width: 37, height: 23, range: range)
                let worst = zip(try blurred.plane(channel), expected).map { abs($0 - $1) }.max() ?? 1
                #expect(worst <= step / 2 + 1e-4, "\(variant) channel \(channel): \(worst)")
            }
        }
        // Bad inputs: one line naming the problem, a failing status, nothing written.
        let missing = try SwiftclCommandTests.runSwiftcl(["box", folder.appendingPathComponent("none.png").path, output])
        #expect(missing.status != 0 && missing.output.contains("none.png: no such file"), "\(missing.output)")
        let corrupt = folder.appendingPathComponent("corrupt.png").path
        try Data(Array(try ImageFile.encode(picture, as: .png).prefix(40))).write(to: URL(fileURLWithPath: corrupt))
        let truncated = try SwiftclCommandTests.runSwiftcl(["box", corrupt, folder.appendingPathComponent("x.png").path])
        #expect(truncated.status != 0 && truncated.output.contains("corrupt.png: PNG:"), "\(truncated.output)")
        let unknown = try SwiftclCommandTests.runSwiftcl(["box", input, output, "--variant", "nope"])
        #expect(unknown.status != 0 && unknown.output.contains("no box filter variant named nope"), "\(unknown.output)")
        let badRange = try SwiftclCommandTests.runSwiftcl(["box", input, output, "--range", "17"])
        #expect(badRange.status != 0 && badRange.output.contains("--range must be 0…16"), "\(badRange.output)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path))
    }
}
