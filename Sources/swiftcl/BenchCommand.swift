import ArgumentParser

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bench", abstract: "Run benchmark suites.")
    func run() throws {}
}
