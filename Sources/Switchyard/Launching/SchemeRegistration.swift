#if os(Linux)
    import Foundation

    /// Makes a scheme open a command on Linux: the counterpart of an Info.plist's URL types.
    ///
    /// Registering writes a desktop entry into the user's applications folder (`$XDG_DATA_HOME/applications`,
    /// or `~/.local/share/applications`) whose `Exec` line runs the command with the link as its argument, and
    /// makes it the default handler for `x-scheme-handler/SCHEME`.
    ///
    /// ```swift
    /// let entry = try SchemeRegistration.register(scheme: "myapp", command: "/usr/local/bin/myapp --open")
    /// // xdg-open 'myapp://product/1988' now runs: /usr/local/bin/myapp --open 'myapp://product/1988'
    /// ```
    public enum SchemeRegistration {
        /// Registers `command` as the handler of `scheme`.
        ///
        /// - Parameters:
        ///   - scheme: the scheme, compared case-insensitively.
        ///   - command: the program and its leading arguments, written as a desktop entry's `Exec` line takes them
        ///     (quote an argument with spaces in double quotes); the link is appended as the last argument.
        ///   - name: the entry's display name; the scheme by default.
        ///   - environment: the environment to read `XDG_DATA_HOME` and `HOME` from and to run `xdg-mime` with;
        ///     `nil` uses the process's.
        /// - Returns: the path of the desktop entry written.
        /// - Throws: ``LaunchError`` with `LaunchError.Code.registrationFailed` for an invalid scheme or command,
        ///   a folder that cannot be written, or an `xdg-mime` that fails.
        @discardableResult
        public static func register(
            scheme: String, command: String, name: String? = nil, environment: [String: String]? = nil
        ) throws(LaunchError) -> String {
            let scheme = URLSplitter.lowercasedASCII(scheme)
            guard URLSplitter.isScheme(scheme) else {
                throw LaunchError(.registrationFailed, "'\(scheme)' is not a scheme")
            }
            let lines = [command, name ?? scheme]
            guard !command.trimmingCharacters(in: .whitespaces).isEmpty,
                !lines.contains(where: { $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } })
            else { throw LaunchError(.registrationFailed, "the command and name must be one non-empty line each") }

            let variables = environment ?? ProcessInfo.processInfo.environment
            guard let folder = applicationsFolder(variables) else {
                throw LaunchError(.registrationFailed, "neither XDG_DATA_HOME nor HOME is set")
            }
            let file = "switchyard-\(scheme).desktop"
            let path = folder + "/" + file
            let entry = """
                [Desktop Entry]
                Type=Application
                Name=\(name ?? scheme)
                Exec=\(command) %u
                MimeType=x-scheme-handler/\(scheme);
                NoDisplay=true
                Terminal=false

                """
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try entry.write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                throw LaunchError(
                    .registrationFailed, "\(path) could not be written: \(FileContents.reason(of: error))")
            }
            let result = try Subprocess.runBlocking(
                "xdg-mime", ["default", file, "x-scheme-handler/\(scheme)"], environment: environment)
            guard result.status == 0 else {
                throw LaunchError(.registrationFailed, "xdg-mime exited with \(result.status): \(result.errorOutput)")
            }
            // Refreshing the desktop database helps desktops that read its cache; it is optional.
            _ = try? Subprocess.runBlocking("update-desktop-database", [folder], environment: environment)
            return path
        }

        static func applicationsFolder(_ environment: [String: String]) -> String? {
            if let data = environment["XDG_DATA_HOME"], !data.isEmpty { return data + "/applications" }
            if let home = environment["HOME"], !home.isEmpty { return home + "/.local/share/applications" }
            return nil
        }
    }
#endif
