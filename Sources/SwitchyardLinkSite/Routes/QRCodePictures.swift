import Foundation
import Switchyard
import SwitchyardQR
import SwitchyardServer

/// `GET /admin/links/{slug}/qr.svg` and `qr.png`: the QR code of a link's address as the site gives it, to print,
/// behind the stats pages' token. The query may give `size` (pixels, 1 to 4,096; 512), `margin` (modules, 0 to 16;
/// 4) and `level` (`L`, `M`, `Q` or `H`; `M`), as `switchyard links qr` takes them.
///
/// The code holds the link's address, which depends on the slug and the route file alone, so it is cached (privately:
/// it is an admin's page) for an hour.
enum QRCodePictures {
    enum Format: String {
        case svg, png
    }

    /// The largest picture the site draws: bounded, as a request's work must be (the command line draws up to 8,192).
    static let maxSize = 4_096

    struct Options: Equatable {
        var size = 512
        var margin = 4
        var correction = QRCode.Correction.medium

        /// The options of `query` (a query item's value by name), or the sentence that says which is wrong.
        static func parse(_ query: (String) -> String?) -> Result<Options, Refusal> {
            var options = Options()
            if let text = query("size") {
                guard let size = Int(text), (1...maxSize).contains(size) else {
                    return .failure(Refusal("size is 1 to \(maxSize) pixels"))
                }
                options.size = size
            }
            if let text = query("margin") {
                guard let margin = Int(text), (0...16).contains(margin) else {
                    return .failure(Refusal("margin is 0 to 16 modules"))
                }
                options.margin = margin
            }
            if let text = query("level") {
                guard let correction = QRCode.Correction(rawValue: text.uppercased()) else {
                    return .failure(Refusal("level is L, M, Q or H"))
                }
                options.correction = correction
            }
            return .success(options)
        }
    }

    struct Refusal: Error, Equatable {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// The picture of the code of the link `slugText` names: 404 for no such link, 400 for options out of range.
    static func answer(
        slug slugText: String, format: Format, query: (String) -> String?, service: LinkService
    ) async -> SiteResponse {
        guard let slug = try? Slug(slugText) else {
            return SiteResponse.noSuchLink
        }
        let options: Options
        switch Options.parse(query) {
        case .success(let parsed): options = parsed
        case .failure(let refusal):
            return SiteResponse.privatePage("<p>\(HTML.text(refusal.message)).</p>", status: 400)
        }
        do {
            guard try await service.store.link(slug) != nil else {
                return SiteResponse.noSuchLink
            }
        } catch {
            return SiteResponse.storeUnavailable
        }
        let address = service.shortLinks.link(for: slug)
        do {
            let code = try QRCode(address, correction: options.correction)
            let body: [UInt8]
            let type: String
            switch format {
            case .svg:
                body = Array(try code.svg(size: options.size, margin: options.margin, title: address).utf8)
                type = "image/svg+xml"
            case .png:
                let smallest = code.size + 2 * options.margin
                guard options.size >= smallest else {
                    let message =
                        "a PNG of this link's code with a margin of \(options.margin) is \(smallest) to "
                        + "\(maxSize) pixels wide"
                    return SiteResponse.privatePage("<p>\(message).</p>", status: 400)
                }
                body = try code.png(size: options.size, margin: options.margin)
                type = "image/png"
            }
            return SiteResponse(
                status: 200,
                headers: [
                    (name: "Content-Type", value: type), (name: "Cache-Control", value: "private, max-age=3600"),
                    // The slug's characters are a filename's: letters, digits, `-` and `_`.
                    (name: "Content-Disposition", value: "inline; filename=\"\(slug.text)-qr.\(format.rawValue)\""),
                    // An SVG opened as a document runs nothing and loads nothing.
                    (name: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'"),
                    (name: "X-Content-Type-Options", value: "nosniff"),
                ], body: body)
        } catch {
            // Not reached: a short link's address fits any level's code, and the options were checked above.
            return SiteResponse.privatePage("<p>\(HTML.text(error.description)).</p>", status: 500)
        }
    }
}
