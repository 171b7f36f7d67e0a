import Foundation
import OpenCLSource
import SwiftCL
import SwiftCLValidation

/// A kernel's arguments described in one line, for running a user's kernel from the command line:
/// `float=2, in:float[n], inout:float[n], uint=n` — per parameter, in order:
///
/// - `in:TYPE[COUNT]` a buffer of generated input (floats in [0, 1), integers in 0..<100, deterministic);
/// - `out:TYPE[COUNT]` a zeroed buffer the kernel writes (compared after a run);
/// - `inout:TYPE[COUNT]` generated input the kernel updates (compared, and restored before every timed run);
/// - `TYPE=VALUE` a by-value scalar.
///
/// TYPE is an OpenCL C scalar or vector type (`float`, `uint4`, `half`); COUNT and VALUE are ``SizeExpression``s over
/// the problem size (`n`, `w`, `h`, `d`).
public struct KernelArgumentSpec: Hashable, Sendable, CustomStringConvertible {
    public enum Role: String, Hashable, Sendable { case input = "in", output = "out", inputOutput = "inout" }

    public enum Argument: Hashable, Sendable {
        case buffer(Role, type: String, count: SizeExpression)
        case scalar(type: String, value: SizeExpression)
    }

    public let text: String
    public let arguments: [Argument]

    /// - Throws: ``KernelSpecError`` naming the argument that cannot be read.
    public init(_ text: String) throws {
        self.text = text
        arguments = try text.split(separator: ",").map { try Self.argument(String($0).trimmingCharacters(in: .whitespaces)) }
    }

    private static func argument(_ text: String) throws -> Argument {
        if let colon = text.firstIndex(of: ":") {
            guard let role = Role(rawValue: String(text[..<colon])) else {
                throw KernelSpecError.badArgument(text, reason: "a buffer starts with in:, out: or inout:")
            }
            let rest = text[text.index(after: colon)...]
            guard let open = rest.firstIndex(of: "["), rest.hasSuffix("]") else {
                throw KernelSpecError.badArgument(text, reason: "a buffer is ROLE:TYPE[COUNT], e.g. in:float[n]")
            }
            let type = String(rest[..<open])
            guard OpenCLType(name: type) != nil else {
                throw KernelSpecError.badArgument(text, reason: "unknown element type '\(type)'")
            }
            return .buffer(role, type: type, count: try SizeExpression(String(rest[rest.index(after: open)..<rest.index(before: rest.endIndex)])))
        }
        guard let equals = text.firstIndex(of: "=") else {
            throw KernelSpecError.badArgument(text, reason: "use ROLE:TYPE[COUNT] for a buffer or TYPE=VALUE for a scalar")
        }
        let type = String(text[..<equals]).trimmingCharacters(in: .whitespaces)
        guard let scalar = OpenCLType(name: type), scalar.lanes == 1 else {
            throw KernelSpecError.badArgument(text, reason: "a by-value argument must be an OpenCL scalar type, not '\(type)'")
        }
        return .scalar(type: type, value: try SizeExpression(String(text[text.index(after: equals)...])))
    }

    /// Names for the arguments: the kernel's parameter names when it reports them, else `arg0`, `arg1`, ….
    public func names(for kernel: Kernel) -> [String] {
        arguments.indices.map { index in kernel.parameters.flatMap { index < $0.count ? $0[index].name : nil } ?? "arg\(index)" }
    }

    /// The buffers compared after a run (out and inout), by name.
    public func outputs(names: [String]) -> [String] {
        zip(arguments, names).compactMap { argument, name in
            if case let .buffer(role, _, _) = argument, role != .input { return name }
            return nil
        }
    }

    /// The in-place buffers (restored before every timed run).
    public func inPlace(names: [String]) -> Set<String> {
        Set(zip(arguments, names).compactMap { argument, name in
            if case .buffer(.inputOutput, _, _) = argument { return name }
            return nil
        })
    }

    /// The host arrays of every buffer argument for `size`.
    /// - Throws: ``KernelSpecError`` when a count cannot be computed, or when the arrays together need more bytes than
    ///   the machine's physical memory (refused before anything is allocated).
    public func arrays(for size: ProblemSize, names: [String]) throws -> HostArrays {
        var total = 0
        for buffer in try bufferBytes(for: size) {
            let sum = buffer.bytes.flatMap { bytes in
                let (sum, overflow) = total.addingReportingOverflow(bytes)
                return overflow ? nil : sum
            }
            guard let sum, sum <= Self.physicalMemoryBytes else {
                throw KernelSpecError.badArgument(buffer.label, reason: "the host arrays would need "
                    + "\(sum.map(String.init) ?? "over 2^63") bytes; this machine has \(Self.physicalMemoryBytes)")
            }
            total = sum
        }
        var arrays = HostArrays()
        for (index, (argument, name)) in zip(arguments, names).enumerated() {
            guard case let .buffer(role, type, count) = argument, let element = OpenCLType(name: type) else { continue }
            let elements = try count.count(for: size)
            arrays.set(name, GeneratedArray.make(element, count: elements, seed: UInt64(index + 1), zero: role == .output))
        }
        return arrays
    }

    /// The machine's physical memory in bytes (the most host arrays may take together).
    static let physicalMemoryBytes: Int = {
        let pages = sysconf(Int32(_SC_PHYS_PAGES)), pageSize = sysconf(Int32(_SC_PAGESIZE))
        return pages > 0 && pageSize > 0 ? pages.multipliedReportingOverflow(by: pageSize).partialValue : Int.max
    }()

    /// The bytes one run reads and writes: every input buffer read once, every output written once (inout: both).
    public func traffic(for size: ProblemSize) throws -> Traffic {
        var read = 0, written = 0
        for argument in arguments {
            guard case let .buffer(role, type, count) = argument, let element = OpenCLType(name: type) else { continue }
            let bytes = try count.count(for: size) * element.byteSize
            if role != .output { read += bytes }
            if role != .input { written += bytes }
        }
        return Traffic(bytesRead: read, bytesWritten: written)
    }

    /// The launch arguments: buffers from `buffers` by name, scalars converted to their declared type.
    /// - Throws: ``KernelSpecError`` for a value that does not fit its type, ``BenchmarkError`` for a missing buffer.
    public func launchArguments(for size: ProblemSize, names: [String], buffers: BenchmarkBuffers) throws -> [any KernelArgument] {
        try zip(arguments, names).map { argument, name -> any KernelArgument in
            switch argument {
            case .buffer:
                return try buffers.argument(name)
            case let .scalar(type, value):
                let number = try value.value(for: size)
                switch type {
                case "float": return Float(number)
                case "double": return number
                case "half": return Float16(number)
                default:
                    guard number.rounded() == number, let integer = Int(exactly: number) else {
                        throw KernelSpecError.badArgument("\(type)=\(value)", reason: "\(number) is not an integer")
                    }
                    return KernelArgumentValue.integer(integer)
                }
            }
        }
    }

    public var description: String { text }
}
