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

/// The request context of a link site: Hummingbird's, with the client's address for the rate limits, and the admin
/// token ``AdminAuthenticator`` found.
package struct LinkSiteContext: AuthRequestContext, RemoteAddressRequestContext {
    package var coreContext: CoreRequestContextStorage
    package let remoteAddress: SocketAddress?
    package var identity: AdminIdentity?

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
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

/// A link site: short links, their API, and the route file's universal links and association files.
package enum LinkSiteServer {
    /// The Hummingbird application of a link site on `host`:`port` (`0`: any free port, reported to
    /// `onServerRunning`).
    /// - Throws: When the API document names a path the site's routes do not file (``SiteRoutes``).
    package static func application(
        service: LinkService, limits: APILimits = APILimits(), host: String, port: Int, logger: Logger,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        let router = try SiteRoutes.router(service: service, limits: limits)
        return Application(
            router: router, configuration: .init(address: .hostname(host, port: port), serverName: nil),
            services: [BackgroundWork { await service.run() }, BackgroundWork { await service.purgeClaims() }],
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) }, logger: logger)
    }
}
