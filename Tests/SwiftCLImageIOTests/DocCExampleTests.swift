import Foundation
import SwiftCL
import SwiftCLImageIO
import SwiftCLKernels
import SwiftCLTestSupport
import Testing

/// The SwiftCLImageIO article's worked example: blur a picture file with the shipped box filter.
func blurPictureFile(_ inputPath: String, to outputPath: String) throws -> PixelImage {
    // DOCC-IMAGEIO-BEGIN
    let picture = try ImageFile.read(contentsOf: inputPath)              // PNG, PGM or PPM
    let queue = try ComputeQueue(preferring: [.gpu, .cpu])
    let filter = try BoxFilter(variant: .fastest, context: queue.context, range: 4)
    let workspace = try filter.makeWorkspace(width: picture.width, height: picture.height)
    let input = try Buffer<Float>(count: picture.width * picture.height, context: queue.context)
    let output = try Buffer<Float>(count: picture.width * picture.height, context: queue.context)

    // One channel at a time: each plane holds 0…1 values, row after row.
    let planes = try (0..<picture.channels.count).map { channel in
        try queue.sync { cl in
            try cl.write(input, from: picture.plane(channel))
            try filter.encode(cl, input: input, output: output, workspace: workspace)
            return try cl.read(output)
        }
    }
    let blurred = try picture.replacingPlanes(planes)                   // same size, channels and depth
    try ImageFile.write(blurred, to: outputPath)                        // the format from the extension
    // DOCC-IMAGEIO-END
    return blurred
}

@Suite("DocC: the image file example")
struct ImageIODocCExampleTests {
    @Test("the example blurs a picture file to the host reference and is in the article verbatim")
    func example() throws {
        try withScratchFolder { folder in
            let picture = try randomPicture(width: 29, height: 19, channels: .rgb, depth: .eight, seed: 3)
            let input = folder.appendingPathComponent("in.png").path, output = folder.appendingPathComponent("out.ppm").path
            try ImageFile.write(picture, to: input)
            let blurred = try blurPictureFile(input, to: output)
            #expect(try ImageFile.read(contentsOf: output) == blurred)
            for channel in 0..<3 {
                let expected = try BoxFilterReference.exact(picture.plane(channel), width: 29, height: 19, range: 4)
                #expect(zip(try blurred.plane(channel), expected).allSatisfy { abs($0 - $1) <= 0.5 / 255 + 1e-4 })
            }
        }
        #expect(try documentShowsExample("Sources/SwiftCLImageIO/SwiftCLImageIO.docc/SwiftCLImageIO.md", marker: "DOCC-IMAGEIO"), "SwiftCLImageIO.md must contain the example verbatim")
    }
}
