#ifndef SWIFTCL_CLIBCRYPTO_SHIM_H
#define SWIFTCL_CLIBCRYPTO_SHIM_H

// The system's libcrypto (OpenSSL 3, Debian's libssl-dev): SHA-256 for the program binary cache, imported only inside
// SwiftCLBinaryCache (internal import). Nothing of it is compiled here: the library is on every Debian/Ubuntu system.
#include <openssl/evp.h>

#endif
