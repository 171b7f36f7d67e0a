import ArgumentParser
import SwiftCLBenchmarkHarness
import SwiftCLCommandLine
import Testing

/// What both tools parse for a user's `.cl` file, without a device: every malformed value is a usage error naming the
/// option before anything runs.
@Suite("Command-line options for your kernel")
struct UserKernelOptionsTests {
    @Test("a whole valid command line parses: kernels with their global sizes, sizes, tolerance, local sizes, definitions")
    func validLine() throws {
        let options = try UserKernelOptions.parse([
            "--kernel", "saxpy", "--kernel", "saxpy4:(n+3)/4", "--args", "float=2, in:float[n], inout:float[n], uint=n",
            "--expect", "y = a * x + y", "--sizes", "1,7,1000", "--tolerance", "ulp:0", "--local", "1,16", "-D", "N=4",
        ])
        let kernels = try options.parsedKernels()
        #expect(kernels.map(\.name) == ["saxpy", "saxpy4"] && kernels[0].globalSize == nil && kernels[1].globalSize != nil)
        #expect(try options.parsedSizes().map(\.spec) == ["1", "7", "1000"])
        #expect(try options.parsedLocalSizes().map(\.extents) == [[1], [16]])
        #expect(try options.parsedExpectations().count == 1)
        #expect(options.definitions == ["N=4"])
        #expect(options.childArguments(file: "k.cl", kernel: "saxpy4", size: try options.parsedSizes()[1])
            == ["validate", "k.cl", "--kernel", "saxpy4", "--sizes", "7", "--tolerance", "ulp:0", "--expect", "y = a * x + y",
                "--args", "float=2, in:float[n], inout:float[n], uint=n", "-D", "N=4"])
    }

    @Test("malformed values are usage errors naming the option", arguments: [
        (["--local", "0"], "--local"),
        (["--local", "16x0"], "--local"),
        (["--local", "1x2x3x4"], "--local"),
        (["--kernel", "k:"], "--kernel"),
        (["--kernel", "k:n/"], nil),
        (["--sizes", "seven"], nil),
        (["--tolerance", "nonsense"], nil),
        (["--args", "float[n"], nil),
        (["--reference", "k.cl:ref", "--expect", "y = x"], "--reference or --expect"),
    ] as [([String], String?)])
    func refusals(arguments: [String], named: String?) throws {
        #expect(throws: (any Error).self) { _ = try UserKernelOptions.parse(arguments) }
        do {
            _ = try UserKernelOptions.parse(arguments)
        } catch {
            let message = UserKernelOptions.message(for: error)
            #expect(!message.isEmpty && named.map(message.contains) != false, "\(arguments): \(message)")
        }
    }

    @Test("-D takes NAME or NAME=VALUE; an empty name is a usage error")
    func definitions() throws {
        #expect(try UserSourceFile.parseDefinition("N") == ("N", nil))
        #expect(try UserSourceFile.parseDefinition("N=4") == ("N", "4"))
        #expect(try UserSourceFile.parseDefinition("N=") == ("N", ""))
        #expect(throws: ValidationError.self) { _ = try UserSourceFile.parseDefinition("=4") }
    }
}
