import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdAuth
import Logging
import NIOCore
import ServiceLifecycle
import Switchyard
import SwitchyardLinkStore
import SwitchyardServer
import SwitchyardWebLinks

/// The request context of a link site: Hummingbird's, with the socket's peer (for the client's address, see
/// ``client(of:trusting:)``), and the admin token ``AdminAuthenticator`` found.
package struct LinkSiteContext: AuthRequestContext, RemoteAddressRequestContext {
    package var coreContext: CoreRequestContextStorage
    /// The socket's peer: the client, or the proxy in front of the site.
    package let remoteAddress: SocketAddress?
    package var identity: AdminIdentity?

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The client of `request`, as the socket or a proxy among `proxies` says. Worked out where it is needed (the
    /// rate limits, a claim) rather than for every request: a short link's redirect never needs it.
    func client(of request: Request, trusting proxies: TrustedProxies) -> Client {
        proxies.client(socket: remoteAddress?.ipAddress.flatMap { IPAddress($0) }, headers: request.headers)
    }
}

/// Work that goes on while the site runs (clicks written in batches, expired claims purged), cancelled at the
/// site's graceful shutdown, after which what it holds is written.
///
/// ServiceLifecycle stops the whole site when one of its services returns. Work may end early and rightly (with
/// claims off there is nothing to purge), so this service returns only once the shutdown has begun: finishing
/// its work never takes the site down.
struct BackgroundWork: Service {
    let work: @Sendable () async -> Void

    func run() async throws {
        await cancelWhenGracefulShutdown { await work() }
        // Thrown only when the task is cancelled, which ends the site anyway.
        try? await gracefulShutdown()
    }
}

/// A server of the site (its pages, or its metrics) that says where it could not listen: a failure to bind
/// becomes a ``ListeningError`` naming the address and the option that chose the port.
package struct Listening<Server: Service>: Service {
    let server: Server
    let host: String
    let port: Int
    let option: String

    /// `server`, listening on `host`:`port`, which `option` chooses.
    package init(_ server: Server, host: String, port: Int, option: String) {
        self.server = server
        self.host = host
        self.port = port
        self.option = option
    }

    package func run() async throws {
        try await ListeningError.saying(host: host, port: port, option: option) { try await server.run() }
    }
}

/// A link site: short links, their API, and the route file's universal links and association files.
package enum LinkSiteServer {
    /// How long a stop waits for the requests in flight and the batches before it cancels what is left; the last
    /// batches' writes, which cancelling does not cut, take at most the store's deadline more (5 s). Together within
    /// the 30 s that systemd and Kubernetes give by default.
    package static let stopGrace = Duration.seconds(20)

    /// Runs `applications` (the site, and its metrics' when asked) until `SIGTERM` or `SIGINT`, then stops them: no new connection is accepted, the requests in
    /// flight finish, and the clicks and claims' events they recorded are written (see ``stopGrace``). The caller
    /// closes the store after.
    package static func run(_ applications: [any Service], logger: Logger) async throws {
        // A server that fails (its port taken) stops the others as a signal would, gracefully: what they serve
        // finishes and what it recorded is written, where cancelling would cut it off.
        var configuration = ServiceGroupConfiguration(
            services: applications.map { .init(service: $0, failureTerminationBehavior: .gracefullyShutdownGroup) },
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = stopGrace
        try await ServiceGroup(configuration: configuration).run()
    }

    /// The Hummingbird application of a link site on `host`:`port` (`0`: any free port, reported to
    /// `onServerRunning`), taking the client's address from `proxies` when a request comes from one.
    /// - Throws: When the API document names a path the site's routes do not file (``SiteRoutes``).
    package static func application(
        service: LinkService, limits: APILimits = APILimits(), proxies: TrustedProxies = .none, host: String,
        port: Int, logger: Logger, onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        let router = try SiteRoutes.router(service: service, limits: limits, proxies: proxies)
        return Application(
            router: router, configuration: .init(address: .hostname(host, port: port), serverName: nil),
            services: [BackgroundWork { await service.run() }, BackgroundWork { await service.purgeClaims() }],
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) }, logger: logger)
    }
}
