import Foundation
import NIOSSL
import Switchyard

/// Certificates to trust, read from a PEM file that a user named: `--ca-file` of `switchyard verify-site` and of
/// `switchyard-link-site links`, and `sslrootcert` of the link site's `--database`.
///
/// A file that cannot be used is refused with what is wrong with it, so that a user who names several can tell which
/// one to mend:
///
/// ```swift
/// do {
///     tls.additionalTrustRoots.append(.certificates(try PEMCertificates.load(fromFile: path)))
/// } catch {
///     print("--ca-file: \(error)")  // --ca-file: /etc/ssl/ca.pem: holds no PEM certificate ...
/// }
/// ```
package enum PEMCertificates {
    /// The most bytes read from a file. A system's whole bundle of authorities is about 200 KB; a larger file is not
    /// one of certificates, and is not read to its end.
    package static let maxBytes = 4 << 20

    /// The certificates `path` holds, one or more, in the order it holds them.
    /// - Throws: ``PEMCertificateError`` when the file cannot be read, is larger than ``maxBytes``, holds no
    ///   `-----BEGIN CERTIFICATE-----` block, or holds one that does not parse.
    package static func load(fromFile path: String) throws(PEMCertificateError) -> [NIOSSLCertificate] {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.bytes(at: path, atMost: maxBytes)
        } catch {
            throw PEMCertificateError(
                path: path,
                reason: error.kind == .tooLarge ? error.reason + ", which no file of certificates is" : error.reason)
        }
        // NIOSSL says the same (`failedToLoadCertificate`) of a file without a certificate and of one whose
        // certificate is garbled; the label tells them apart. It ends each of the labels OpenSSL reads a certificate
        // under (`CERTIFICATE`, `X509 CERTIFICATE`, `TRUSTED CERTIFICATE`).
        guard bytes.firstRange(of: Array("CERTIFICATE-----".utf8)) != nil else {
            throw PEMCertificateError(
                path: path,
                reason: "holds no PEM certificate (a block from -----BEGIN CERTIFICATE----- to its END line)")
        }
        do {
            return try NIOSSLCertificate.fromPEMBytes(bytes)
        } catch {
            throw PEMCertificateError(path: path, reason: "holds a certificate that does not parse (\(error))")
        }
    }
}

/// A PEM file of certificates that cannot be used: its path, and why (``PEMCertificates/load(fromFile:)``).
package struct PEMCertificateError: Error, Equatable, CustomStringConvertible {
    package let path: String
    package let reason: String

    /// `PATH: REASON`, for the caller to put after the option that named the file.
    package var description: String { "\(path): \(reason)" }
}
