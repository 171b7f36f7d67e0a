import RawOpenCL
import SwiftCL
import SwiftCLBenchmarkSuites

/// The plain C OpenCL path (Benchmarks/RawOpenCL) on the same device as a SwiftCL queue: the yardstick
/// for SwiftCL's overhead.
final class RawSession {
    private let handle: OpaquePointer
    let count: Int

    init(device: Device, source: ProgramSource, kernel: String, count: Int) throws {
        let platforms = try Platform.all
        guard let platformIndex = platforms.firstIndex(of: device.platform),
              let deviceIndex = try platforms[platformIndex].devices().firstIndex(of: device) else {
            throw BenchmarkSuiteError.rawSetupFailed("\(device.name) is not a root device")
        }
        var message = [CChar](repeating: 0, count: 512)
        guard let raw = raw_cl_create(Int32(platformIndex), Int32(deviceIndex), source.text, kernel, count, &message, message.count) else {
            throw BenchmarkSuiteError.rawSetupFailed(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        handle = raw
        self.count = count
    }

    deinit { raw_cl_destroy(handle) }

    func write(_ input: [Float]) throws {
        try status(raw_cl_write_input(handle, input, input.count), "raw_cl_write_input")
    }

    func readOutput() throws -> [Float] {
        var output = [Float](repeating: 0, count: count)
        try status(raw_cl_read_output(handle, &output, count), "raw_cl_read_output")
        return output
    }

    /// Seconds for `launches` launches over `global` items and one wait.
    func batched(global: Int, launches: Int) throws -> Double {
        try seconds(raw_cl_batched(handle, global, launches), "raw_cl_batched")
    }

    /// Seconds for `launches` launches of `kernel` (built from `source` with `options`) and one wait, by the raw C loop
    /// on SwiftCL's own context, queue and buffers, lent through the interop API inside a `sync` closure.
    static func batched(on queue: ComputeQueue, input: Buffer<Float>, output: Buffer<Float>, source: ProgramSource,
                        kernel: String, options: String, global: Int, launches: Int) throws -> Double {
        let seconds = try queue.sync { cl in
            try queue.context.withUnsafeHandle { context in
                try cl.withUnsafeQueueHandle(keepingAlive: [input, output]) { commandQueue in
                    input.withUnsafeHandle { a in
                        output.withUnsafeHandle { b in
                            raw_cl_batched_on(UnsafeMutableRawPointer(context), UnsafeMutableRawPointer(commandQueue),
                                              UnsafeMutableRawPointer(a), UnsafeMutableRawPointer(b), source.text, kernel, options,
                                              global, launches)
                        }
                    }
                }
            }
        }
        if seconds < 0 { throw OpenCLError(status: CLStatus(rawValue: Int32(seconds)), routine: "raw_cl_batched_on") }
        return seconds
    }

    /// Seconds for one launch over `global` items and its wait.
    func launchAndWait(global: Int) throws -> Double {
        try seconds(raw_cl_launch_and_wait(handle, global), "raw_cl_launch_and_wait")
    }

    private func status(_ code: Int32, _ routine: String) throws {
        if code != 0 { throw OpenCLError(status: CLStatus(rawValue: code), routine: routine) }
    }

    private func seconds(_ value: Double, _ routine: String) throws -> Double {
        if value < 0 { throw OpenCLError(status: CLStatus(rawValue: Int32(value)), routine: routine) }
        return value
    }
}
