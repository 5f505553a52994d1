/// Opens links in other apps.
///
/// The system's launcher is ``SystemAppLauncher``; tests and previews use a launcher of their own.
///
/// ```swift
/// let launcher: any AppLauncher = SystemAppLauncher()
/// if await launcher.canOpen("maps://search?q=coffee") {
///     try await launcher.open(scheme: "maps", route: "search", query: [QueryItem(name: "q", value: "coffee")])
/// }
/// ```
public protocol AppLauncher: Sendable {
    /// Returns whether some app is registered to open `url`'s scheme.
    func canOpen(_ url: String) async -> Bool
    /// Opens `url` in the app registered for its scheme.
    /// - Throws: ``LaunchError`` when no app opens it or the system refuses.
    func open(_ url: String) async throws(LaunchError)
}

extension AppLauncher {
    /// Opens the link built from a scheme, a route and query items (Turnpike's
    /// `invokeExternalAppWithSchema:Route:AndQueryParameters:`): `scheme://route?query`, every component and
    /// item percent-encoded.
    /// - Throws: ``LaunchError`` when the link cannot be built or opened.
    public func open(scheme: String, route: String, query: [QueryItem] = []) async throws(LaunchError) {
        let url: String
        do {
            url = try Router().link(scheme: scheme, route: route, query: query)
        } catch {
            throw LaunchError(.invalidLink, error.description, underlying: error)
        }
        try await open(url)
    }
}

/// The error that says why a link could not be opened.
public struct LaunchError: Error, Sendable, Hashable, CodedDiagnostic {
    /// A stable name for a kind of launch problem; new ones may be added.
    public typealias Code = StableCode<LaunchError>

    /// What went wrong.
    public let code: Code
    /// What failed, with what the system said.
    public let message: String
    /// The error this one wraps: for `Code.invalidLink`, why the link could not be built.
    public let underlying: LinkError?

    init(_ code: Code, _ message: String, underlying: LinkError? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

}

extension StableCode where Domain == LaunchError {
    /// No app is registered for the link's scheme.
    public static var noHandler: Self { Self("noHandler") }
    /// The system's opener could not be run, or it failed.
    public static var launchFailed: Self { Self("launchFailed") }
    /// The link could not be built, or it has no scheme.
    public static var invalidLink: Self { Self("invalidLink") }
    /// Registering a scheme failed.
    public static var registrationFailed: Self { Self("registrationFailed") }
    /// This platform has no system launcher.
    public static var unsupportedPlatform: Self { Self("unsupportedPlatform") }
}
