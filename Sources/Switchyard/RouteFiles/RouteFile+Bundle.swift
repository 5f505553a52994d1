// Bundles hold an app's resources on Apple platforms; elsewhere a route file is read from a path or a file URL.
#if canImport(Darwin)
    import Foundation

    extension RouteFile {
        /// Reads and loads a route file that a bundle holds as a resource.
        ///
        /// ```swift
        /// let file = try RouteFile(resource: "routes")          // routes.json in the app's bundle
        /// let file = try RouteFile(resource: "routes", in: .module)
        /// ```
        ///
        /// - Throws: ``RouteFileError``; `unreadable` when the bundle has no such resource.
        public init(resource name: String, withExtension type: String = "json", in bundle: Bundle = .main)
            throws(RouteFileError)
        {
            guard let url = bundle.url(forResource: name, withExtension: type) else {
                throw RouteFileError(
                    .unreadable, file: "\(name).\(type)", at: "", "the bundle \(bundle.bundlePath) has no such resource"
                )
            }
            try self.init(contentsOf: url)
        }
    }
#endif
