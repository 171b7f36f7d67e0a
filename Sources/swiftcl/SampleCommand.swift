import ArgumentParser
import SwiftCL
import SwiftCLKernels

/// `swiftcl sample square`: the guide's Listing 3-2.
struct SampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "sample", abstract: "Run one of the guide's samples.")

    enum Name: String, ExpressibleByArgument, CaseIterable {
        case square
    }

    @Argument(help: "The sample to run: \(Name.allCases.map(\.rawValue).joined(separator: ", ")).")
    var name: Name = .square

    @Option(help: "How many values to square.")
    var count = 1024

    func run() throws {
        let queue = try SquareSample.preferredQueue()
        print("Created a compute queue using \(queue.device.name)")
        let outcome = try SquareSample.run(on: queue, count: count)
        print("Work-group size: \(outcome.workGroupSize)")
        if outcome.mismatches == 0 {
            print("All \(outcome.count) values were properly squared.")
        } else {
            print("\(outcome.mismatches) of \(outcome.count) values were wrong.")
            throw ExitCode.failure
        }
    }
}
