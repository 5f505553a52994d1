import NIOSSL
import PostgresKit
import SwitchyardCertificates

extension StoreLocation.Postgres {
    /// The TLS of the connections to this server, as its `sslmode` and `sslrootcert` say
    /// (``StoreLocation/TLSMode``).
    /// - Throws: ``LinkStoreError`` with `invalidLocation` when `sslrootcert` names no file of PEM certificates.
    func tlsConfiguration() throws(LinkStoreError) -> PostgresClient.Configuration.TLS {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let path = rootCertificates {
            // Read here, so that a wrong path is refused when the store opens rather than at each connection.
            do {
                configuration.trustRoots = .certificates(try PEMCertificates.load(fromFile: path))
            } catch {
                throw LinkStoreError(.invalidLocation, "sslrootcert: \(error)")
            }
        }
        configuration.certificateVerification =
            switch tls {
            case .verifyFull: .fullVerification
            case .verifyCA: .noHostnameVerification
            // As libpq does: `require` given root certificates checks the certificate against them.
            case .require where rootCertificates != nil: .noHostnameVerification
            case .disable, .prefer, .require: .none
            }
        return switch tls {
        case .disable: .disable
        case .prefer: .prefer(configuration)
        case .require, .verifyCA, .verifyFull: .require(configuration)
        }
    }
}
