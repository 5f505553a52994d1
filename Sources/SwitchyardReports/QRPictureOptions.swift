import ArgumentParser
import Foundation
import Switchyard
import SwitchyardQR

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The options of a QR code's picture, as `switchyard qr` and `switchyard links qr` take them, and the picture
/// written where they say.
package struct QRPictureOptions: ParsableArguments {
    package enum Format: String, ExpressibleByArgument, CaseIterable {
        case svg, png
    }

    /// A level of error correction by its letter, in either case.
    package struct Level: ExpressibleByArgument {
        let correction: QRCode.Correction

        init(_ correction: QRCode.Correction) {
            self.correction = correction
        }

        package init?(argument: String) {
            guard let correction = QRCode.Correction(rawValue: argument.uppercased()) else { return nil }
            self.correction = correction
        }

        package static var allValueStrings: [String] { QRCode.Correction.allCases.map(\.rawValue) }
        package var defaultValueDescription: String { correction.rawValue }
    }

    @Option(help: "The file to write (standard output when not given).")
    var out: String?

    @Option(help: "svg or png (default: the --out file's extension, else svg).")
    var format: Format?

    @Option(help: "The picture's width and height in pixels, 1 to 8192 (a PNG needs a pixel a module at least).")
    var size = 512

    @Option(help: "The light margin around the code, in modules: 0 to 16 (4 is the standard's).")
    var margin = 4

    @Option(help: "Error correction: L (7 % of the code may be lost), M (15 %), Q (25 %) or H (30 %).")
    var level = Level(.medium)

    @Option(help: "The smallest version, 1 to 40 (21 to 177 modules a side); a larger one when the text needs it.")
    var minimumVersion = 1

    package init() {}

    package func validate() throws {
        guard (1...8_192).contains(size) else { throw ValidationError("--size is 1 to 8192 pixels, not \(size)") }
        guard (0...16).contains(margin) else { throw ValidationError("--margin is 0 to 16 modules, not \(margin)") }
        guard (1...40).contains(minimumVersion) else {
            throw ValidationError("--minimum-version is 1 to 40, not \(minimumVersion)")
        }
        if let out, format == nil, Self.format(ofPath: out) == nil {
            throw ValidationError("--out \(out): name a .svg or .png file, or give --format")
        }
    }

    static func format(ofPath path: String) -> Format? {
        Format(rawValue: (path as NSString).pathExtension.lowercased())
    }

    /// Writes the picture of `text`'s code to `--out` (or standard output), and returns the code.
    /// - Throws: ``QRPictureFailure`` with a message for the person: the text does not fit, the picture is too
    ///   small for the code, the file cannot be written, or a PNG would go to a terminal.
    @discardableResult
    package func write(_ text: String) throws(QRPictureFailure) -> QRCode {
        let format = self.format ?? out.flatMap(Self.format(ofPath:)) ?? .svg
        let code: QRCode
        let bytes: [UInt8]
        do {
            code = try QRCode(text, correction: level.correction, minimumVersion: minimumVersion)
            switch format {
            case .svg: bytes = Array(try code.svg(size: size, margin: margin, title: text).utf8)
            case .png: bytes = try code.png(size: size, margin: margin)
            }
        } catch {
            throw QRPictureFailure(message: error.description)
        }
        guard let out else {
            if format == .png && isatty(STDOUT_FILENO) == 1 {
                throw QRPictureFailure(message: "a PNG is not for a terminal: give --out FILE, or redirect the output")
            }
            try? FileHandle.standardOutput.write(contentsOf: bytes)
            return code
        }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: out), options: .atomic)
        } catch {
            throw QRPictureFailure(message: "cannot write \(out): \(FileContents.reason(of: error))")
        }
        return code
    }
}

/// Why a QR code's picture was not written, in a sentence.
package struct QRPictureFailure: Error {
    package let message: String
}
