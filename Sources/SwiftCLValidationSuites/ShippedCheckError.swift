/// A shipped kernel that misbehaved in a way its output cannot show.
package enum ShippedCheckError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A variant ran a size it documents as unsupported instead of refusing it.
    case acceptedRefusedSize(variant: String, reason: String)

    package var description: String {
        switch self {
        case let .acceptedRefusedSize(variant, reason): "\(variant) accepted a size it should refuse (\(reason))"
        }
    }
}
