import SwiftCL
import SwiftCLKernels
import Testing

/// The DocC article *Getting started* (the guide's Listing 3-2), run here as shown.
@Suite("SwiftCL article snippets")
struct SwiftCLArticleSnippetTests {
    @Test("Getting started: 1024 squares through the typed kernel")
    func gettingStarted() throws {
        let queue = try ComputeQueue(preferring: [.gpu, .cpu])
        let square = try SquareCL.Square(context: queue.context)
        let input = (0..<1024).map { Float($0) }
        let a = try Buffer(copying: input, context: queue.context, access: .readOnly)
        let b = try Buffer<Float>(count: 1024, context: queue.context, access: .writeOnly)
        let output = try queue.sync { cl in
            let limit = try square.kernel.workGroupInfo(on: cl.device).maxWorkGroupSize
            try square(cl, NDRange(1024, local: min(limit, 256)), input: a, output: b)
            return try cl.read(b)
        }
        #expect(output == input.map { $0 * $0 })
    }
}
