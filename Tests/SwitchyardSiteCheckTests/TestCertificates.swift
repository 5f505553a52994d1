import Foundation
import NIOSSL
import SwitchyardTestSupport

/// A certificate authority of the tests' own and a certificate it signed for `localhost` and `127.0.0.1`, made once a
/// test run with `openssl` in a temporary folder. The verifier trusts the authority only through `--ca-file`.
struct TestCertificates: Sendable {
    /// The authority's certificate, as `--ca-file` takes it.
    let authorityFile: String
    let serverCertificate: String
    let serverKey: String

    static let shared: Result<TestCertificates, TestCertificateError> = {
        do throws(TestCertificateError) {
            return .success(try make())
        } catch {
            return .failure(error)
        }
    }()

    struct TestCertificateError: Error, CustomStringConvertible {
        var description: String
    }

    /// The TLS configuration of a fixture site.
    func serverConfiguration() throws -> TLSConfiguration {
        TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMFile(serverCertificate).map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(file: serverKey, format: .pem)))
    }

    private static func make() throws(TestCertificateError) -> TestCertificates {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "switchyard-tls-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw TestCertificateError(description: "cannot make \(folder.path): \(error)")
        }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let extensions = path("server.ext")
        _ = FileManager.default.createFile(
            atPath: extensions,
            contents: Data(
                """
                subjectAltName=DNS:localhost,IP:127.0.0.1
                basicConstraints=critical,CA:FALSE
                keyUsage=critical,digitalSignature
                extendedKeyUsage=serverAuth

                """.utf8))
        let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try openssl(
            ["req", "-x509"] + curve + [
                "-keyout", path("ca.key"), "-out", path("ca.pem"), "-days", "2", "-subj", "/CN=Switchyard Test CA",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign",
            ])
        try openssl(
            ["req"] + curve + ["-keyout", path("server.key"), "-out", path("server.csr"), "-subj", "/CN=localhost"])
        try openssl([
            "x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"),
            "-CAcreateserial", "-out", path("server.pem"), "-days", "2", "-extfile", extensions,
        ])
        return TestCertificates(
            authorityFile: path("ca.pem"), serverCertificate: path("server.pem"), serverKey: path("server.key"))
    }

    private static func openssl(_ arguments: [String]) throws(TestCertificateError) {
        let finished: TestProgram.Finished
        do {
            finished = try TestProgram.run("/usr/bin/env", ["openssl"] + arguments, output: .discarded)
        } catch {
            throw TestCertificateError(description: "openssl cannot be run: \(error)")
        }
        guard finished.status == 0 else {
            throw TestCertificateError(
                description: "openssl \(arguments.first ?? "") failed: \(finished.errorOutput)")
        }
    }
}
