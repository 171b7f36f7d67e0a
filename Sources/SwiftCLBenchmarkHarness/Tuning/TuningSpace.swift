import OpenCLSource

/// A space of compile-time parameters to tune over (Kernel Tuner's `tune_params` and `restrictions`): each parameter's
/// values, passed to the kernel as `-D NAME=VALUE`, and restrictions, integer conditions over the parameters
/// (`TILE * VW <= 64`, `TILE % VW == 0`) that a configuration must meet to be tried.
public struct TuningSpace: Hashable, Sendable {
    /// One parameter and the values it takes, in order.
    public struct Parameter: Hashable, Sendable {
        public let name: String
        public let values: [String]

        public init(name: String, values: [String]) {
            self.name = name
            self.values = values
        }
    }

    public let parameters: [Parameter]
    public let restrictions: [String]

    /// - Throws: ``KernelSpecError/badArgument(_:reason:)`` for a parameter without values, a name that is not a C
    ///   identifier or given twice.
    public init(parameters: [Parameter], restrictions: [String] = []) throws {
        var seen: Set<String> = []
        for parameter in parameters {
            guard KernelDeclarations.isIdentifier(parameter.name) else {
                throw KernelSpecError.badArgument(parameter.name, reason: "a parameter's name must be a C identifier")
            }
            guard seen.insert(parameter.name).inserted else {
                throw KernelSpecError.badArgument(parameter.name, reason: "the parameter is given twice")
            }
            guard !parameter.values.isEmpty, parameter.values.allSatisfy({ !$0.isEmpty }) else {
                throw KernelSpecError.badArgument(parameter.name, reason: "a parameter needs at least one value")
            }
        }
        self.parameters = parameters
        self.restrictions = restrictions
    }

    /// `NAME=V1,V2,…` (the command line's `--param`).
    /// - Throws: ``KernelSpecError/badArgument(_:reason:)``.
    public static func parameter(_ text: String) throws -> Parameter {
        guard let equals = text.firstIndex(of: "=") else {
            throw KernelSpecError.badArgument(text, reason: "write NAME=V1,V2,… (e.g. TILE=8,16,32)")
        }
        return Parameter(name: String(text[..<equals]).trimmingBlanks(),
                         values: text[text.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
                            .map { String($0).trimmingBlanks() })
    }

    /// How many configurations the parameters make before restrictions; nil when the product does not fit in an `Int`.
    public var unrestrictedCount: Int? {
        parameters.reduce(Int?(1)) { product, parameter in
            product.flatMap { product in
                let (result, overflow) = product.multipliedReportingOverflow(by: parameter.values.count)
                return overflow ? nil : result
            }
        }
    }

    /// ``unrestrictedCount`` as text: the exact number, or the product of the value counts when it is too large.
    public var unrestrictedDescription: String {
        unrestrictedCount.map(String.init) ?? parameters.map { "\($0.values.count)" }.joined(separator: " × ")
    }

    /// The most configurations ``configurations()`` walks before restrictions (each is a few µs to check).
    public static let maximumWalked = 4_000_000
    /// The most configurations it keeps after restrictions (each is built, verified and timed, or ranked by a search).
    public static let maximumKept = 100_000

    /// Every configuration that meets the restrictions, in order (the last parameter varies fastest). A configuration
    /// for which a restriction overflows 64-bit integers or divides by zero does not meet it.
    /// - Throws: ``KernelSpecError/badExpression(_:reason:)`` for a restriction that is not an integer condition over
    ///   the parameters (a name no parameter defines, text that is not arithmetic); ``KernelSpecError/badArgument(_:reason:)``
    ///   for a space over ``maximumWalked`` configurations before restrictions or ``maximumKept`` after them — before
    ///   anything is built.
    public func configurations() throws -> [TuningConfiguration] {
        guard let total = unrestrictedCount, total <= Self.maximumWalked else {
            throw KernelSpecError.badArgument("--param", reason: "the parameters make \(unrestrictedDescription) configurations; "
                + "at most \(Self.maximumWalked) are walked (give fewer values)")
        }
        let names = parameters.map(\.name)
        var result: [TuningConfiguration] = []
        var indices = [Int](repeating: 0, count: parameters.count)
        while true {
            let configuration = TuningConfiguration(names: names, values: zip(parameters, indices).map { $0.values[$1] })
            if try meetsRestrictions(configuration) {
                guard result.count < Self.maximumKept else {
                    throw KernelSpecError.badArgument("--restrict", reason: "over \(Self.maximumKept) of the \(total) "
                        + "configurations meet the restrictions; at most \(Self.maximumKept) are tuned (restrict further)")
                }
                result.append(configuration)
            }
            var position = parameters.count - 1
            while position >= 0 {
                indices[position] += 1
                if indices[position] < parameters[position].values.count { break }
                indices[position] = 0
                position -= 1
            }
            if position < 0 { return result }
        }
    }

    /// Whether `configuration` meets every restriction (not when one overflows or divides by zero for its values).
    /// - Throws: ``KernelSpecError/badExpression(_:reason:)``.
    public func meetsRestrictions(_ configuration: TuningConfiguration) throws -> Bool {
        let table = ConditionalDirectives(definitions: configuration.definitions)
        for restriction in restrictions {
            switch table.integerValue(of: restriction) {
            case let .success(value): if value == 0 { return false }
            case let .failure(failure) where failure.isArithmetic: return false
            case let .failure(failure): throw KernelSpecError.badExpression(restriction, reason: failure.reason)
            }
        }
        return true
    }
}

/// One point of a ``TuningSpace``: a value per parameter, in the space's order.
public struct TuningConfiguration: Hashable, Sendable, Codable, CustomStringConvertible {
    public let names: [String]
    public let values: [String]

    public init(values: [(name: String, value: String)]) {
        names = values.map(\.name)
        self.values = values.map(\.value)
    }

    /// Parallel names and values (a space's configurations share one array of names).
    init(names: [String], values: [String]) {
        self.names = names
        self.values = values
    }

    /// The parameters as `-D` definitions.
    public var definitions: [String: String] { Dictionary(zip(names, values)) { first, _ in first } }

    /// `TILE=16 VW=4`.
    public var description: String { zip(names, values).map { "\($0)=\($1)" }.joined(separator: " ") }

    /// `text` with every identifier that names a parameter replaced by its value (for global and local sizes written
    /// in the parameters: `w/VW x h`, `TILE x TILE`).
    public func substituted(into text: String) -> String {
        var result = "", word = ""
        let table = definitions
        func flush() {
            result += table[word] ?? word
            word = ""
        }
        for character in text {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }
}
