#if os(Linux)
    import Foundation

    /// The system's launcher: on Linux it asks the desktop's registry
    /// (`xdg-mime query default x-scheme-handler/SCHEME`) and opens links with `xdg-open`.
    ///
    /// Both run as subprocesses with arguments, never through a shell. `xdg-open` consults scheme handlers only
    /// when a display is set (`DISPLAY` or `WAYLAND_DISPLAY`). They get no descriptor of this process but their own
    /// pipes and `/dev/null` as input (a server's listening socket does not stay open in the app they start), and
    /// every signal at its default handling.
    ///
    /// ```swift
    /// let launcher = SystemAppLauncher()
    /// try await launcher.open("myapp://product/1988")
    /// ```
    public struct SystemAppLauncher: AppLauncher {
        /// The environment the subprocesses run with; `nil` inherits the process's.
        public var environment: [String: String]?

        /// Creates a launcher; `environment` replaces the inherited one when given.
        public init(environment: [String: String]? = nil) {
            self.environment = environment
        }

        /// Returns whether a desktop entry is the default handler for `url`'s scheme.
        public func canOpen(_ url: String) async -> Bool {
            guard let scheme = Self.scheme(of: url) else { return false }
            let result = try? await Subprocess.run(
                "xdg-mime", ["query", "default", "x-scheme-handler/\(scheme)"], environment: environment)
            guard let result, result.status == 0 else { return false }
            return !result.output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }

        /// Opens `url` with `xdg-open`.
        public func open(_ url: String) async throws(LaunchError) {
            switch Self.split(url) {
            case .failure(let rejection):
                throw LaunchError(
                    .invalidLink, "\(Excerpt.short(url)) is not a link: \(rejection.code): \(rejection.message)")
            case .success(let split) where split.link.scheme == nil:
                throw LaunchError(.invalidLink, "\(Excerpt.short(url)) has no scheme")
            case .success:
                break
            }
            guard await canOpen(url) else {
                throw LaunchError(.noHandler, "no application is registered for '\(url)'")
            }
            let result = try await Subprocess.run("xdg-open", [url], environment: environment)
            guard result.status == 0 else {
                throw LaunchError(.launchFailed, "xdg-open exited with \(result.status): \(result.errorOutput)")
            }
        }

        static func scheme(of url: String) -> String? {
            guard case .success(let split) = split(url) else { return nil }
            return split.link.scheme
        }

        /// `url` read as the router reads links, hosts kept as hosts: what the launcher hands on is a link.
        private static func split(_ url: String) -> Result<SplitURL, URLRejection> {
            URLSplitter.split(url, options: SplitOptions(), hostRules: { _ in HostRules() })
        }
    }
#elseif canImport(UIKit) && !os(watchOS)
    import UIKit

    /// The system's launcher: on iOS and tvOS it wraps `UIApplication`'s `canOpenURL(_:)` and `open(_:)`.
    public struct SystemAppLauncher: AppLauncher {
        /// Creates a launcher.
        public init() {}

        /// Returns whether an installed app opens `url` (its scheme must be listed in
        /// `LSApplicationQueriesSchemes`).
        public func canOpen(_ url: String) async -> Bool {
            guard let link = URL(string: url) else { return false }
            return await MainActor.run { UIApplication.shared.canOpenURL(link) }
        }

        /// Opens `url` in the app registered for its scheme.
        public func open(_ url: String) async throws(LaunchError) {
            guard let link = URL(string: url) else { throw LaunchError(.invalidLink, "'\(url)' is not a URL") }
            let opened = await UIApplication.shared.open(link)
            if !opened { throw LaunchError(.noHandler, "no application opened '\(url)'") }
        }
    }
#elseif canImport(AppKit)
    import AppKit

    /// The system's launcher: on macOS it wraps `NSWorkspace`.
    public struct SystemAppLauncher: AppLauncher {
        /// Creates a launcher.
        public init() {}

        /// Returns whether an application is registered for `url`'s scheme.
        public func canOpen(_ url: String) async -> Bool {
            guard let link = URL(string: url) else { return false }
            return NSWorkspace.shared.urlForApplication(toOpen: link) != nil
        }

        /// Opens `url` in the application registered for its scheme.
        public func open(_ url: String) async throws(LaunchError) {
            guard let link = URL(string: url) else { throw LaunchError(.invalidLink, "'\(url)' is not a URL") }
            if !NSWorkspace.shared.open(link) { throw LaunchError(.noHandler, "no application opened '\(url)'") }
        }
    }
#endif
