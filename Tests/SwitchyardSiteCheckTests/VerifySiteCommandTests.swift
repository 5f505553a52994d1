import Foundation
import Hummingbird
import Switchyard
import SwitchyardServer
import SwitchyardTestSupport
import Testing

/// The built `switchyard-verify-site`: its exit codes, its JSON, the entitlement lines, and a certificate it was not
/// told to trust.
@Suite("switchyard-verify-site")
struct VerifySiteCommandTests {
    /// The tool beside the test bundle, in the build's products folder.
    static let binary: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("switchyard-verify-site").path),
            folder.pathComponents.count > 1
        {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("switchyard-verify-site")
    }()

    typealias Run = (status: Int32, output: String, errors: String)

    /// Runs the tool on a thread of its own, so that waiting for it holds none of the threads that run the tests'
    /// sites (on two cores there are two); its exit status, standard output and standard error.
    static func run(_ arguments: [String]) async throws -> Run {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try runWaiting(arguments) }) }.start()
        }
    }

    private static func runWaiting(_ arguments: [String]) throws -> Run {
        let finished = try TestProgram.run(binary.path, arguments)
        return (finished.status, finished.output, finished.errorOutput)
    }

    static func caFile() throws -> String { try TestCertificates.shared.get().authorityFile }

    @Test func theProjectsOwnSiteExitsWithZeroAndListsTheEntitlement() async throws {
        let middleware = try UniversalLinkMiddleware<BasicRequestContext>(routeFile: try VerifySiteTests.shop.get())
        let result = try await FixtureSite.with([:], middleware: middleware) { port in
            try await Self.run([
                "--timeout", "\(FixtureSite.patience)", "--ca-file", try Self.caFile(), VerifySiteTests.shopPath,
                "localhost:\(port)",
            ])
        }
        #expect(result.status == 0, "\(result)")
        #expect(result.output.hasPrefix("localhost:"))
        #expect(result.output.contains(": verified\n"))
        #expect(result.output.contains("  applinks:localhost\n  applinks:localhost?mode=developer\n"))
    }

    @Test func theAppleCDNCopyIsFetchedFromTheAddressGivenAsAppleCDNURL() async throws {
        // The site serves the shop's files, and its `/a/v1/HOST` a copy that lacks a route: the CDN copy's
        // difference shows that `--apple-cdn-url`, spelt as the docs spell it, was followed.
        var replies = try BrokenSiteTests.replies(.missingRoute)
        replies["/.well-known/apple-app-site-association"] = FixtureReply(try VerifySiteTests.shopFiles().apple)
        replies["/a/v1/*"] = try BrokenSiteTests.replies(.missingRoute)["/.well-known/apple-app-site-association"]
        let result = try await FixtureSite.with(replies) { port in
            try await Self.run([
                "--timeout", "\(FixtureSite.patience)", "--ca-file", try Self.caFile(), "--apple-cdn",
                "--apple-cdn-url", "https://localhost:\(port)/a/v1/",
                VerifySiteTests.shopPath, "localhost:\(port)",
            ])
        }
        #expect(result.status == 1, "\(result)")
        #expect(result.output.contains("Apple's CDN copy"), "\(result.output)")
        #expect(result.output.contains(#"rule missing: {"/": "/product/?*"}"#), "\(result.output)")
    }

    @Test func anAppleCDNURLThatIsNotHTTPSIsRefusedByItsName() async throws {
        let result = try await Self.run([
            "--apple-cdn-url", "http://cdn.example.com/a/v1/", VerifySiteTests.shopPath, "shop.example.com",
        ])
        #expect(result.status == 2, "\(result)")
        #expect(result.errors.contains("--apple-cdn-url must be https"), "\(result.errors)")
    }

    @Test func aSiteThatDiffersExitsWithOneAndSaysWhyInJSON() async throws {
        let replies = try BrokenSiteTests.replies(.missingRoute)
        let result = try await FixtureSite.with(replies) { port in
            try await Self.run([
                "--json", "--timeout", "\(FixtureSite.patience)", "--ca-file", try Self.caFile(),
                VerifySiteTests.shopPath, "localhost:\(port)",
            ])
        }
        #expect(result.status == 1, "\(result)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let host = try #require((object["hosts"] as? [[String: Any]])?.first)
        #expect(host["verified"] as? Bool == false)
        #expect(host["reachable"] as? Bool == true)
        let apple = try #require((host["files"] as? [[String: Any]])?.first)
        #expect(apple["differences"] as? [String] == [#"rule missing: {"/": "/product/?*"}"#])
        #expect(apple["unclaimed"] as? [[String: String]] == [["link": "/product/1", "for": "product"]])
        #expect((object["entitlements"] as? [String])?.first == "applinks:localhost")
    }

    @Test func anUnreachablePortExitsWithTwo() async throws {
        // A port just closed: nothing listens on it.
        let result = try await Self.run(
            ["--timeout", "2", "--ca-file", try Self.caFile(), VerifySiteTests.shopPath, "localhost:1"])
        #expect(result.status == 2, "\(result)")
        #expect(result.output.contains("localhost:1: unreachable\n"))
        #expect(result.output.contains("apple-app-site-association: cannot be fetched from https://localhost:1/"))
    }

    @Test func aCertificateNotTrustedExitsWithTwo() async throws {
        // The refusal comes in the handshake's first round trip; the default budget keeps a loaded machine from
        // turning it into a timeout.
        let result = try await FixtureSite.with(try VerifySiteTests.replies()) { port in
            try await Self.run([VerifySiteTests.shopPath, "localhost:\(port)"])
        }
        #expect(result.status == 2, "\(result)")
        #expect(result.output.contains("TLS failed"))
    }

    @Test(arguments: [
        (["https://shop.example.com"], "'https://shop.example.com' is not a domain"),
        (["shop.example.com/path"], "'shop.example.com/path' is not a domain"),
        ([], "Missing expected argument '<hosts> ...'"),
        (["--timeout", "0", "a.example"], "--timeout is 1 to 300 seconds"),
        (["--timeout", "301", "a.example"], "--timeout is 1 to 300 seconds"),
    ])
    func badUsageExitsWithTwo(_ arguments: [String], message: String) async throws {
        let result = try await Self.run([VerifySiteTests.shopPath] + arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.errors.contains(message), "\(result)")
        #expect(result.output.isEmpty)
    }

    /// Before any host is fetched: the file named, and why it cannot be used (`PEMCertificatesTests` has the reasons).
    @Test func aCAFileThatCannotBeReadExitsWithTwoNamingIt() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-ca-\(UUID().uuidString).pem")
        let result = try await Self.run(
            ["--ca-file", try Self.caFile(), "--ca-file", missing.path, VerifySiteTests.shopPath, "localhost:1"])
        #expect(result.status == 2, "\(result)")
        #expect(result.errors == "error: --ca-file: \(missing.path): cannot be read: No such file or directory\n")
        #expect(result.output.isEmpty)
    }

    @Test func aRouteFileWithoutAppsExitsWithTwo() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("no-apps-\(UUID().uuidString).json")
        try Data(#"{"routes": [{"pattern": "/a", "destination": "A"}]}"#.utf8).write(to: path)
        let result = try await Self.run([path.path, "shop.example.com"])
        #expect(result.status == 2, "\(result)")
        #expect(result.errors.contains("declares no Apple app IDs and no Android package"))
    }
}
