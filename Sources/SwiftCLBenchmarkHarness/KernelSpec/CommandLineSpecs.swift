import SwiftCLValidation

extension ProblemSize {
    /// `N`, `WxH` or `WxHxD` (also with `×`).
    /// - Throws: ``KernelSpecError/badSize(_:)``.
    public init(spec text: String) throws {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "x" || $0 == "×" }.map { Int($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ ($0 ?? 0) > 0 }) else { throw KernelSpecError.badSize(text) }
        let extents = parts.compactMap { $0 }
        switch extents.count {
        case 1: self.init(extents[0])
        case 2: self.init(width: extents[0], height: extents[1])
        default: self.init(width: extents[0], height: extents[1], depth: extents[2])
        }
        try check()
    }

    /// The size as `--sizes` spells it (`N`, `WxH`, `WxHxD`): `ProblemSize(spec: size.spec) == size`.
    public var spec: String { extents.map(String.init).joined(separator: "x") }
}

extension Tolerance {
    /// `exact`, `abs:B`, `rel:R`, `ulp:N` or `allclose:ATOL,RTOL`: bounds finite and at least 0, ULPs a whole number
    /// from 0 to 2⁶².
    /// - Throws: ``KernelSpecError/badTolerance(_:)``.
    public init(spec text: String) throws {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        let fields = parts.count == 2 ? parts[1].split(separator: ",", omittingEmptySubsequences: false) : []
        let numbers = fields.compactMap { Double(String($0).trimmingBlanks()) }
        guard numbers.count == fields.count, numbers.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            throw KernelSpecError.badTolerance("\(text) (a bound is a finite number ≥ 0)")
        }
        switch (parts.first, numbers.count) {
        case ("exact", _) where parts.count == 1: self = .exact
        case ("abs", 1): self = .absolute(numbers[0])
        case ("rel", 1): self = .relative(numbers[0])
        case ("ulp", 1) where numbers[0].rounded() == numbers[0] && numbers[0] <= 0x1p62: self = .ulp(Int(numbers[0]))
        case ("allclose", 2): self = .allClose(atol: numbers[0], rtol: numbers[1])
        default: throw KernelSpecError.badTolerance(text)
        }
    }
}
