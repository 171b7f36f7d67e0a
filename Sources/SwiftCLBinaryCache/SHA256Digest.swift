internal import CLibCrypto

/// SHA-256 through the system's libcrypto (OpenSSL's EVP interface): the binary cache's key and entry checks, without
/// compiling a cryptography library of its own (swift-crypto compiled ~360 C/C++ files into every client build).
enum SHA256Digest {
    /// The digest's length in bytes.
    static let byteCount = 32

    /// The SHA-256 of `parts` one after another, or nil when libcrypto fails (it allocates a context: only when memory
    /// is exhausted). Every call is checked.
    static func of(_ parts: [ArraySlice<UInt8>]) -> [UInt8]? {
        guard let context = EVP_MD_CTX_new() else { return nil }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else { return nil }
        for part in parts {
            let updated = part.withUnsafeBytes { raw in EVP_DigestUpdate(context, raw.baseAddress, raw.count) }
            guard updated == 1 else { return nil }
        }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1, Int(length) == byteCount else { return nil }
        return Array(digest.prefix(byteCount))
    }

    static func of(_ bytes: [UInt8]) -> [UInt8]? { of([bytes[...]]) }
}
