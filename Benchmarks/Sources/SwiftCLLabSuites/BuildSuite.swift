import Foundation
import SwiftCL
import SwiftCLBinaryCache
import SwiftCLBenchmarkHarness
import SwiftCLValidation
import SwiftCLKernels

/// Program build time from source (PoCL's own kernel cache warm after the first build) against a build
/// from SwiftCL's on-disk binary cache, per shipped source, in fresh contexts, interleaved.
public struct BuildSuite: Sendable {
    public var rounds = 5

    public init() {}

    public func run(on device: Device, progress: (String) -> Void = { _ in }) throws -> [BenchmarkRecord] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-build-suite-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ProgramBinaryCache(directory: folder)
        var records: [BenchmarkRecord] = []
        for source in ShippedSources.all {
            progress("build: \(source.name)")
            // Prime PoCL's cache and ours.
            _ = try Program(context: Context(devices: [device]), source: source.text, name: source.name)
            let primed = try Program(context: Context(devices: [device]), source: source.text, name: source.name, binaryStore: cache)
            var fromSource: [Double] = [], fromBinary: [Double] = []
            var usedBinary = true
            for _ in 0..<rounds {
                fromSource.append(try Stopwatch.time {
                    _ = try Program(context: Context(devices: [device]), source: source.text, name: source.name)
                }.seconds)
                let (seconds, program) = try Stopwatch.time {
                    try Program(context: Context(devices: [device]), source: source.text, name: source.name, binaryStore: cache)
                }
                usedBinary = usedBinary && program.isFromBinaryCache
                fromBinary.append(seconds)
            }
            _ = primed
            for (variant, samples, verified) in [("source", fromSource, true), ("binary-cache", fromBinary, usedBinary)] {
                guard let summary = Summary(samples)?.scaled(by: 1e3) else { continue }
                records.append(BenchmarkRecord(suite: "build", variant: variant, metric: source.name, summary: summary, unit: "ms",
                                               device: device.name, verified: verified))
            }
        }
        records += try firstLaunch(on: device, cache: cache)
        return records
    }

    /// Build plus the first launch of `square` (PoCL finishes compiling work-group functions at the first
    /// launch of a kernel, so a cache that only speeds up clBuildProgram might not speed this up).
    func firstLaunch(on device: Device, cache: ProgramBinaryCache) throws -> [BenchmarkRecord] {
        let input = (0..<1024).map(Float.init)
        func once(_ binaryStore: ProgramBinaryCache?) throws -> Double {
            try Stopwatch.time {
                let context = try Context(devices: [device], binaryStore: binaryStore)
                let queue = try ComputeQueue(device: device, context: context)
                let kernel = try context.program(SquareCL.source).kernel(named: "square")
                let a = try Buffer(copying: input, context: context), b = try Buffer<Float>(count: input.count, context: context)
                try queue.sync { cl in try cl.launch(kernel, NDRange(input.count, local: 64), a, b) }
            }.seconds
        }
        _ = try once(cache)
        var fromSource: [Double] = [], fromBinary: [Double] = []
        for _ in 0..<rounds {
            fromSource.append(try once(nil))
            fromBinary.append(try once(cache))
        }
        return [("source", fromSource), ("binary-cache", fromBinary)].compactMap { variant, samples in
            Summary(samples).map {
                BenchmarkRecord(suite: "build", variant: variant, metric: "square.cl+first_launch", summary: $0.scaled(by: 1e3),
                                unit: "ms", device: device.name, verified: true)
            }
        }
    }
}
