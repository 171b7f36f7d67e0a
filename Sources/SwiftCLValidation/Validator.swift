import Foundation
import SwiftCL

/// Runs kernel checks over devices × sizes × local sizes the kernel allows and reports every case.
public struct Validator: Sendable {
    public init() {}

    /// Every case of every check on every device; a case that throws is a failed case, not an abort.
    public func run(_ checks: [KernelCheck], on devices: [Device], progress: (String) -> Void = { _ in }) -> [ValidationCase] {
        var cases: [ValidationCase] = []
        for device in devices {
            let queue: ComputeQueue
            do {
                queue = try ComputeQueue(device: device)
            } catch {
                cases.append(Self.failed("queue", device: device.name, size: ImageProblem(side: 0), local: nil, tolerance: "", error))
                continue
            }
            for check in checks {
                progress("validate \(check.name) on \(device.name)")
                let locals: [WorkGroupShape?]
                do {
                    locals = [nil] + (try check.localShapes(queue)).map(Optional.some)
                } catch {
                    cases.append(Self.failed(check.name, device: device.name, size: check.sizes.first ?? ImageProblem(side: 0),
                                             local: nil, tolerance: check.tolerance.description, error))
                    continue
                }
                for size in check.sizes {
                    for local in locals {
                        cases.append(Self.validate(check, queue: queue, size: size, shape: local))
                    }
                }
            }
        }
        return cases
    }

    /// One case: run `check` at `size` with the 1-D local size `local` on `queue` and compare with its reference.
    public static func validate(_ check: KernelCheck, queue: ComputeQueue, size: ImageProblem, local: Int?) -> ValidationCase {
        validate(check, queue: queue, size: size, shape: local.map(WorkGroupShape.init))
    }

    /// One case: run `check` at `size` with the work-group `shape` (nil: the runtime's choice) on `queue` and compare
    /// with its reference.
    public static func validate(_ check: KernelCheck, queue: ComputeQueue, size: ImageProblem, shape: WorkGroupShape?) -> ValidationCase {
        let local = shape?.oneDimensional
        do {
            let comparisons = try check.runShaped(queue, size, shape).comparisons(under: check.tolerance)
            if let mismatch = comparisons.first(where: { $0.problem != nil }) {
                throw KernelCheckError.outputCountMismatch(check: check.name, output: mismatch.output, detail: mismatch.problem ?? "")
            }
            let worst = comparisons.first { !$0.passed } ?? comparisons.max { $0.maxError < $1.maxError }
            let width = Swift.max(1, size.width)
            return ValidationCase(
                check: check.name, device: queue.device.name, width: size.width, height: size.height, localSize: local,
                localShape: shape, passed: comparisons.allSatisfy(\.passed), maxError: worst?.maxError ?? 0,
                tolerance: worst?.tolerance ?? check.tolerance.description, output: worst?.output,
                worstIndex: worst?.worstIndex, worstX: worst?.worstIndex.map { $0 % width }, worstY: worst?.worstIndex.map { $0 / width },
                worstExpected: worst?.worstExpected, worstActual: worst?.worstActual, outputs: comparisons, failure: nil)
        } catch {
            return failed(check.name, device: queue.device.name, size: size, local: shape, tolerance: check.tolerance.description, error)
        }
    }

    static func failed(_ check: String, device: String, size: ImageProblem, local: WorkGroupShape?, tolerance: String,
                       _ error: any Error) -> ValidationCase {
        ValidationCase(check: check, device: device, width: size.width, height: size.height, localSize: local?.oneDimensional,
                       localShape: local, passed: false,
                       maxError: .infinity, tolerance: tolerance, output: nil, worstIndex: nil, worstX: nil, worstY: nil,
                       worstExpected: nil, worstActual: nil, outputs: [], failure: "\(error)")
    }

    /// A pass/fail table: one row per check and device, with case counts and the worst case.
    public static func table(_ cases: [ValidationCase]) -> String {
        var rows: [[String]] = [["check", "device", "cases", "failed", "worst max error", "tolerance"]]
        var seen: [String] = []
        for item in cases where !seen.contains(item.check + "|" + item.device) { seen.append(item.check + "|" + item.device) }
        for key in seen {
            let group = cases.filter { $0.check + "|" + $0.device == key }
            let failed = group.filter { !$0.passed }
            let worst = group.map(\.maxError).max() ?? 0
            rows.append([group[0].check, group[0].device, "\(group.count)", failed.isEmpty ? "0" : "\(failed.count) FAIL",
                         worst.isFinite ? String(format: "%.3g", worst) : "error", group[0].tolerance])
        }
        var lines = TextTable.lines(rows)
        for failure in cases.filter({ !$0.passed }).prefix(20) { lines.append(failure.description) }
        return lines.joined(separator: "\n")
    }

    /// The cases as JSON (`{"cases": [...], "passed": Bool}`).
    /// - Throws: `EncodingError`.
    public static func json(_ cases: [ValidationCase]) throws -> Data {
        struct Report: Codable {
            let passed: Bool
            let cases: [ValidationCase]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(Report(passed: cases.allSatisfy(\.passed), cases: cases))
    }
}
