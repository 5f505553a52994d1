#if os(Linux)
    import Foundation
    import Switchyard
    import Testing

    /// End to end on Linux: register a scheme, open a link through the system launcher, and read back exactly
    /// the URL the registered command received.
    @Suite("System launcher")
    struct SystemLauncherTests {
        static let toolsPresent = ["xdg-open", "xdg-mime"].allSatisfy { tool in
            (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").contains {
                FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
            }
        }
        static let isCI = ProcessInfo.processInfo.environment["CI"] != nil

        @Test(
            .enabled(
                if: toolsPresent || isCI, "xdg-utils is not installed (apt-get install xdg-utils desktop-file-utils)"))
        func registeredSchemeReceivesTheLink() async throws {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            let output = root.appendingPathComponent("received").path
            let handler = root.appendingPathComponent("handler.sh").path
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try "#!/bin/sh\nprintf '%s' \"$1\" > '\(output)'\n".write(
                toFile: handler, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: handler)
            let environment = [
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                "HOME": root.appendingPathComponent("home").path,
                "XDG_DATA_HOME": root.appendingPathComponent("data").path,
                "DISPLAY": ":99",
            ]

            let entry = try SchemeRegistration.register(
                scheme: "SwitchyardTest", command: handler, environment: environment)
            #expect(entry.hasSuffix("/data/applications/switchyard-switchyardtest.desktop"))

            let launcher = SystemAppLauncher(environment: environment)
            #expect(await launcher.canOpen("switchyardtest://anything"))
            #expect(await !launcher.canOpen("switchyardunknown://anything"))
            let link = try Router().link(
                scheme: "switchyardtest", route: "product/a b", query: [QueryItem(name: "q", value: "x&y+z")])
            try await launcher.open(link)
            #expect(try String(contentsOfFile: output, encoding: .utf8) == link)
            #expect(link == "switchyardtest://product/a%20b?q=x%26y%2Bz")

            await #expect(throws: LaunchError.self) { try await launcher.open("switchyardunknown://x") }
            #expect(throws: LaunchError.self) {
                try SchemeRegistration.register(scheme: "my_app", command: handler, environment: environment)
            }
            #expect(throws: LaunchError.self) {
                try SchemeRegistration.register(scheme: "ok", command: "a\nb", environment: environment)
            }
        }

        /// Text the router would refuse is refused as such, before any program runs: a link with a control character
        /// was said to have no scheme.
        @Test(arguments: [
            ("myapp://x\ny", "'myapp://x?y' is not a link: controlCharacter: "),
            ("product/1988", "'product/1988' has no scheme"),
        ])
        func textThatIsNoLinkIsRefusedSayingWhy(text: String, message: String) async throws {
            let launcher = SystemAppLauncher(environment: ["PATH": "/nonexistent"])
            let error = await #expect(throws: LaunchError.self) { try await launcher.open(text) }
            #expect(error?.code == .invalidLink)
            #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
        }

        /// A folder that cannot be made is said with the system's reason, not with Foundation's error whole.
        @Test func anApplicationsFolderThatCannotBeMadeSaysWhy() throws {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-\(UUID().uuidString)")
            try Data("a file".utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let error = #expect(throws: LaunchError.self) {
                try SchemeRegistration.register(
                    scheme: "ok", command: "/bin/true", environment: ["XDG_DATA_HOME": file.path])
            }
            #expect(error?.code == .registrationFailed)
            #expect(
                error?.message
                    == "\(file.path)/applications/switchyard-ok.desktop could not be written: Not a directory")
        }
    }
#endif
