import ArgumentParser
import SwitchyardQR
import SwitchyardReports

/// `switchyard qr TEXT`: the QR code of a link, as SVG or PNG, to print or to scan from the screen. Scanning it
/// with a phone opens the link as a camera would: a way to try a universal link or a custom scheme on a device.
struct QRCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qr",
        abstract: "Make the QR code of a link (SVG or PNG).",
        discussion: """
            The code holds the text as given. It is the smallest that holds it at the level of error correction \
            asked for (M by default); --minimum-version gives codes printed side by side one size. The picture is \
            written to --out, or to standard output; its format is --format, or the file's extension.

            Examples:
              switchyard qr myapp://product/1988 --out product.svg
              switchyard qr https://go.shop.example.com/s/xmas --out xmas.png --size 1024 --level H

            Exits with 2 when the text does not fit a QR code at that level, the picture is too small for the \
            code, or the file cannot be written.
            """)

    @Argument(help: "The text: a link, most often.")
    var text: String

    @OptionGroup var picture: QRPictureOptions

    func run() throws {
        do {
            try picture.write(text)
        } catch {
            FileOutput.error("error: \(error.message)\n")
            throw Exit.badInput
        }
    }
}
