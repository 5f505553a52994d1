import Foundation
import Testing

@Suite("switchyard qr")
struct QRCommandTests {
    private static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-qr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func anSVGGoesToStandardOutputByDefault() throws {
        let result = try Tool.run(["qr", "myapp://product/1988"])
        #expect(result.status == 0)
        #expect(result.errorOutput.isEmpty)
        #expect(result.output.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512""#))
        #expect(result.output.contains("<title>myapp://product/1988</title>"))
    }

    /// The format is the file's extension, in either case, unless `--format` says otherwise.
    @Test(arguments: [
        (["--out", "code.png"], "code.png", true), (["--out", "CODE.PNG"], "CODE.PNG", true),
        (["--out", "code.svg"], "code.svg", false), (["--out", "code.img", "--format", "png"], "code.img", true),
        (["--out", "code.png", "--format", "svg"], "code.png", false),
    ])
    func theFileIsWrittenInItsFormat(arguments: [String], name: String, isPNG: Bool) throws {
        let folder = try Self.folder()
        let result = try Tool.run(
            ["qr", "https://go.shop.example.com/s/xmas"]
                + arguments.map {
                    $0.contains(".") ? folder.appendingPathComponent($0).path : $0
                })
        #expect(result == ToolResult(status: 0, output: "", errorOutput: ""))
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
        if isPNG {
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        } else {
            #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("<svg "))
        }
    }

    /// A version 3 code (29 modules) with a margin of 4 needs 37 pixels at least.
    @Test(arguments: [
        (["--size", "0"], "Error: --size is 1 to 8192 pixels, not 0"),
        (["--size", "8193"], "Error: --size is 1 to 8192 pixels, not 8193"),
        (["--margin=-1"], "Error: --margin is 0 to 16 modules, not -1"),
        (["--margin", "17"], "Error: --margin is 0 to 16 modules, not 17"),
        (["--minimum-version", "0"], "Error: --minimum-version is 1 to 40, not 0"),
        (["--minimum-version", "41"], "Error: --minimum-version is 1 to 40, not 41"),
        (["--out", "code.gif"], "Error: --out code.gif: name a .svg or .png file, or give --format"),
        (
            ["--format", "png", "--size", "36"],
            "error: a PNG of this code with a margin of 4 is 37 to 8,192 pixels wide, not 36"
        ),
    ])
    func aBadOptionExitsWithTwoAndSaysWhy(arguments: [String], message: String) throws {
        let result = try Tool.run(["qr", "https://go.shop.example.com/s/xmas"] + arguments)
        #expect(result.status == 2)
        #expect(result.errorOutput.hasPrefix(message))
    }

    @Test func theEdgesOfEachOptionAreTaken() throws {
        let folder = try Self.folder()
        for arguments in [
            ["--size", "37", "--format", "png"], ["--size", "8192", "--format", "svg"], ["--margin", "0"],
            ["--margin", "16"], ["--minimum-version", "1"], ["--minimum-version", "40"], ["--level", "l"],
            ["--level", "H"],
        ] {
            let out = folder.appendingPathComponent("code").path
            let result = try Tool.run(
                ["qr", "https://go.shop.example.com/s/xmas", "--out", out] + arguments
                    + (arguments.contains("--format") ? [] : ["--format", "svg"]))
            #expect(result == ToolResult(status: 0, output: "", errorOutput: ""), "\(arguments)")
        }
    }

    @Test func aLevelThatIsNotOneOfTheFourIsRefused() throws {
        let result = try Tool.run(["qr", "x", "--level", "X"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("The value 'X' is invalid for '--level <level>'"))
    }

    /// A picture that cannot be written says why as the system does, where Foundation's sentence said only that
    /// the operation could not be completed.
    @Test func aPictureThatCannotBeWrittenSaysWhy() throws {
        let out = try Self.folder().appendingPathComponent("no-such-folder/code.svg").path
        let result = try Tool.run(["qr", "myapp://x", "--out", out])
        #expect(
            result
                == ToolResult(
                    status: 2, output: "", errorOutput: "error: cannot write \(out): No such file or directory\n"))
    }

    @Test func textTooLongForAnyCodeExitsWithTwo() throws {
        let result = try Tool.run(["qr", String(repeating: "a", count: 1_274), "--level", "H"])
        #expect(
            result
                == ToolResult(
                    status: 2, output: "",
                    errorOutput:
                        "error: the text does not fit a QR code at level H: version 40 holds 1273 bytes at this level\n"
                ))
    }
}
