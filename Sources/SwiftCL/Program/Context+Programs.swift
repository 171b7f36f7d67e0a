extension Context {
    /// The program for `source` built with `options`, compiled once per context however many threads
    /// ask at the same time, and kept in the context's bounded ``programCache``.
    /// - Throws: as ``Program/init(context:source:name:options:binaryStore:)``.
    public func program(source: String, name: String = "<source>", options: BuildOptions = BuildOptions()) throws -> Program {
        try program(key: .init(source: source, name: name, options: options.description), options: options)
    }

    /// The cached program for `key`, built on a miss.
    func program(key: ProgramCache.Key, options: BuildOptions) throws -> Program {
        let built = try programCache.program(for: key) {
            try BuiltProgram(context: self, source: key.source, name: key.name, options: options, binaryStore: binaryStore)
        }
        return built.facade(in: self)
    }

    /// How many programs this context's cache has compiled (cache hits excluded).
    public var programBuildCount: Int { programCache.buildCount }
}
