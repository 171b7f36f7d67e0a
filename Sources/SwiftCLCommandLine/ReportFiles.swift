import ArgumentParser

/// Where a command writes its report besides the terminal (`--json PATH`, `--markdown PATH`): the same two options for
/// `swiftcl bench`, `swiftcl-mpi bench` and `swiftcl-mpi validate`.
package struct ReportFiles: ParsableArguments {
    package init() {}

    @Option(help: "Write the report as JSON to this path (under MPI: rank 0 writes the fleet's).")
    package var json: String?

    @Option(help: "Write the report as Markdown to this path (under MPI: rank 0 writes the fleet's).")
    package var markdown: String?
}
