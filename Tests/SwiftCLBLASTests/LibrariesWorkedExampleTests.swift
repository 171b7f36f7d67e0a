import Foundation
import SwiftCL
import SwiftCLArrays
import SwiftCLBLAS
import SwiftCLFFT
import SwiftCLTestSupport
import Testing

/// The worked example of the DocC article *Using OpenCL libraries* (CLibraries.md): CLBlast and clFFT on one queue,
/// from arrays and inside one closure with events. Compiled and run here against host references; the test checks the
/// article shows exactly these lines.
@Suite("Article: Using OpenCL libraries (worked example)")
struct LibrariesWorkedExampleTests {
    @Test("GEMM then row FFTs, as arrays and as one closure of commands, match the host", arguments: TestDevices.all)
    func workedExample(device: Device) throws {
        let queue = try makeQueue(device)
        let aValues: [Float] = (0..<(64 * 32)).map { (i: Int) -> Float in Float((i * 37) % 17) / 8 - 1 }
        let bValues: [Float] = (0..<(32 * 16)).map { (i: Int) -> Float in Float((i * 11) % 13) / 6 - 1 }
        // Begin article code (worked example)
        let a = try DeviceArray(aValues, shape: [64, 32], on: queue)
        let b = try DeviceArray(bValues, shape: [32, 16], on: queue)
        let c = try a.matrixProduct(b)                                    // CLBlast SGEMM, 64×16
        let zeros = try DeviceArray<Float>.zeros([64, 16], on: queue)
        let signals = try ArrayMath.vector(c, zeros).evaluated()           // complex (re, 0): SIMD2<Float>
        let spectra = try signals.fft(dimensions: 1)                       // clFFT: 64 transforms of 16 points

        // The same two steps as commands of one closure, in order, each with its event.
        let output = try DeviceArray<SIMD2<Float>>.zeros([64, 16], on: queue)
        let events = try queue.sync { cl in
            let product = try cl.gemm(try BLASMatrix(a), times: try BLASMatrix(b), into: try BLASMatrix(c))
            let rows = try cl.fft(try signals.buffer(), into: try output.buffer(), shape: [16], batch: 64)
            return [product, rows]
        }
        // End article code (worked example)
        #expect(events.allSatisfy { $0.status == .complete })
        // Host: C = A·B in Double, then each row's 16-point DFT.
        var hostC = [Double](repeating: 0, count: 64 * 16)
        for i in 0..<64 {
            for j in 0..<16 { hostC[i * 16 + j] = (0..<32).reduce(0.0) { $0 + Double(aValues[i * 32 + $1]) * Double(bValues[$1 * 16 + j]) } }
        }
        let product = try c.toArray()
        #expect(zip(product, hostC).allSatisfy { abs(Double($0) - $1) <= 1e-4 * max(1, abs($1)) }, "GEMM")
        var worst = 0.0
        for (got, signal) in [(try spectra.toArray(), product), (try output.toArray(), product)] {
            for row in 0..<64 {
                for k in 0..<16 {
                    var re = 0.0, im = 0.0
                    for n in 0..<16 {
                        let angle = -2 * Double.pi * Double(k * n) / 16
                        re += Double(signal[row * 16 + n]) * cos(angle)
                        im += Double(signal[row * 16 + n]) * sin(angle)
                    }
                    let value = got[row * 16 + k]
                    worst = max(worst, abs(Double(value.x) - re) + abs(Double(value.y) - im))
                }
            }
        }
        #expect(worst <= 1e-3, "row FFTs within 1e-3 of the host DFT (values up to ~40): \(worst)")
        let (snippet, article) = try documentedSnippet(in: #filePath, marker: "(worked example)", indent: 8,
                                                       document: "Sources/SwiftCL/SwiftCL.docc/CLibraries.md")
        #expect(article.contains(snippet), "CLibraries.md must show the worked example verbatim")
    }
}
