import Foundation
import SwitchyardCertificates
import Testing

/// `PEMCertificates`, which reads the files `--ca-file` and `sslrootcert` name: each file it cannot use is refused
/// with its path and what is wrong with it.
@Suite("PEM files of certificates")
struct PEMCertificatesTests {
    /// A folder of its own for each test's files.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-pem-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The authority's certificate of the tests, as text.
    static func authority() throws -> String {
        try String(contentsOfFile: try TestCertificates.shared.get().authorityFile, encoding: .utf8)
    }

    @Test func aFileOfOneCertificateGivesIt() throws {
        #expect(try PEMCertificates.load(fromFile: try TestCertificates.shared.get().authorityFile).count == 1)
    }

    @Test func aBundleGivesEachCertificateBesideOtherBlocksAndText() throws {
        let file = try Self.folder().appendingPathComponent("bundle.pem")
        let key = "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"
        try Data(("# the company's authorities\n" + Self.authority() + key + Self.authority()).utf8).write(to: file)
        #expect(try PEMCertificates.load(fromFile: file.path).count == 2)
    }

    /// What a file holds, and the start of the reason it is refused with.
    static let unusable: [(name: String, contents: Data?, reason: String)] = [
        ("missing.pem", nil, "cannot be read: No such file or directory"),
        ("empty.pem", Data(), "holds no PEM certificate"),
        (
            "key.pem", Data("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n".utf8),
            "holds no PEM certificate"
        ),
        ("der.cer", Data([0x30, 0x82, 0x01, 0x0A, 0x02, 0x01]), "holds no PEM certificate"),
        (
            "garbled.pem", Data("-----BEGIN CERTIFICATE-----\nnot base64!\n-----END CERTIFICATE-----\n".utf8),
            "holds a certificate that does not parse"
        ),
        ("huge.pem", Data(count: PEMCertificates.maxBytes + 1), "is larger than 4 MiB"),
    ]

    @Test(arguments: unusable)
    func anUnusableFileIsRefusedWithItsPathAndWhy(name: String, contents: Data?, reason: String) throws {
        let file = try Self.folder().appendingPathComponent(name)
        if let contents { try contents.write(to: file) }
        let error = try #require(throws: PEMCertificateError.self) { try PEMCertificates.load(fromFile: file.path) }
        #expect(error.path == file.path)
        #expect(error.reason.hasPrefix(reason), "\(error)")
        #expect(error.description == "\(file.path): \(error.reason)")
    }

    @Test func aFolderIsRefused() throws {
        let folder = try Self.folder()
        let error = try #require(throws: PEMCertificateError.self) { try PEMCertificates.load(fromFile: folder.path) }
        #expect(error.reason == "cannot be read: Is a directory")
    }

    /// A file of exactly the most bytes read is read whole: only what is over is refused.
    @Test func aFileOfTheMostBytesIsRead() throws {
        let file = try Self.folder().appendingPathComponent("padded.pem")
        var text = Data(try Self.authority().utf8)
        text.append(Data(repeating: UInt8(ascii: "\n"), count: PEMCertificates.maxBytes - text.count))
        try text.write(to: file)
        #expect(try PEMCertificates.load(fromFile: file.path).count == 1)
    }
}
