import NIOCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a server cannot listen where it was asked to, said as a person can act on it: the explorer's
/// (`switchyard serve`) and the link site's, for its pages and for its metrics.
package struct ListeningError: Error, CustomStringConvertible {
    let host: String
    let port: Int
    /// The system's error number; `nil` when `host` is no address or name this machine knows.
    let errorNumber: Int32?
    /// The option that chooses the port, named in the advice: `--port`, `--metrics-port`.
    let option: String

    package init(host: String, port: Int, errorNumber: Int32?, option: String = "--port") {
        self.host = host
        self.port = port
        self.errorNumber = errorNumber
        self.option = option
    }

    package var description: String {
        let reason =
            switch errorNumber {
            case nil: "it is not an address of this machine, nor a name it can look up"
            case EADDRINUSE:
                "the port is in use; choose another with \(option), or \(option) 0 for one the system picks"
            case EADDRNOTAVAIL: "the address is not one of this machine's"
            case EACCES: "not permitted (a port below 1024 needs privileges); choose another with \(option)"
            case let number?: String(cString: strerror(number))
            }
        let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        return "cannot listen on \(address): \(reason)"
    }
}

extension ListeningError {
    /// Runs `serve`, a server on `host`:`port` (chosen with `option`), and says a failure to listen (the port taken,
    /// the address not this machine's) as a ``ListeningError``.
    package static func saying(
        host: String, port: Int, option: String = "--port", _ serve: () async throws -> Void
    ) async throws {
        do {
            try await serve()
        } catch let error as IOError {
            throw ListeningError(host: host, port: port, errorNumber: error.errnoCode, option: option)
        } catch is SocketAddressError.UnknownHost {
            throw ListeningError(host: host, port: port, errorNumber: nil, option: option)
        }
    }
}
