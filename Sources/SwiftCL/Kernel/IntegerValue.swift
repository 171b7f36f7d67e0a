/// An integer argument's value before the launch knows the parameter's type: wide enough for every OpenCL
/// integer type, whatever Swift integer type it came from.
enum IntegerValue: Hashable, Sendable, CustomStringConvertible {
    case signed(Int64)
    case unsigned(UInt64)
    /// Beyond both 64-bit ranges (a wider `BinaryInteger`); fits no parameter.
    case tooWide(String)

    init(_ value: some BinaryInteger) {
        if let signed = Int64(exactly: value) {
            self = .signed(signed)
        } else if let unsigned = UInt64(exactly: value) {
            self = .unsigned(unsigned)
        } else {
            self = .tooWide(String(value))
        }
    }

    /// The value as `T`, or nil when it does not fit.
    func exactly<T: FixedWidthInteger>(_: T.Type) -> T? {
        switch self {
        case let .signed(value): T(exactly: value)
        case let .unsigned(value): T(exactly: value)
        case .tooWide: nil
        }
    }

    var description: String {
        switch self {
        case let .signed(value): String(value)
        case let .unsigned(value): String(value)
        case let .tooWide(text): text
        }
    }
}
