/// Who follows a short link, as its `User-Agent` says: what the site answers (a preview page for a crawler, the app's
/// link for a phone, the web for a desktop) and the platform a click is counted under.
///
/// Only this class is kept of a user agent; the string itself is never stored.
package enum Visitor: String, Sendable, Hashable, Codable, CaseIterable {
    case ios
    case android
    case desktop
    case bot

    /// The most bytes of a user agent read: the tokens that decide are at its start or middle.
    package static let maxUserAgentLength = 1_024

    /// The link-preview crawlers recognised by name, with the token of their user agent (compared ignoring case).
    /// iMessage fetches previews as `facebookexternalhit` and `Twitterbot`, so it is recognised by those.
    package static let previewCrawlers: [(name: String, token: String)] = [
        ("Facebook", "facebookexternalhit"), ("Facebook", "facebot"), ("Twitter/X", "twitterbot"),
        ("Slack", "slackbot"), ("LinkedIn", "linkedinbot"), ("WhatsApp", "whatsapp"), ("Discord", "discordbot"),
        ("Telegram", "telegrambot"), ("Apple", "applebot"), ("Google", "googlebot"), ("Bing", "bingbot"),
        ("Pinterest", "pinterestbot"), ("Reddit", "redditbot"), ("Skype", "skypeuripreview"),
        ("Mastodon", "mastodon"), ("Embedly", "embedly"),
    ]

    /// Tokens of other robots: `…bot/1.0`, crawlers and spiders. (`bot` alone would take phones named Cubot.)
    private static let robotTokens = ["bot/", "bot;", "bot)", "crawler", "spider", "headlesschrome", "curl/", "wget/"]

    /// The visitor a user agent names; no user agent is a robot's.
    package init(userAgent: String?) {
        guard let userAgent, !userAgent.isEmpty else {
            self = .bot
            return
        }
        // ASCII-lowercased bytes, searched byte by byte: every token is ASCII, and a user agent arrives on every
        // request, so this stays off Foundation's string search (which bridges to NSString on Linux).
        let text = userAgent.utf8.prefix(Self.maxUserAgentLength).map { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
        }
        func has(_ token: [UInt8]) -> Bool { Self.contains(text, token) }
        if Self.previewCrawlerTokens.contains(where: has) || Self.robotTokenBytes.contains(where: has) {
            self = .bot
        } else if has(Array("iphone".utf8)) || has(Array("ipad".utf8)) || has(Array("ipod".utf8)) {
            self = .ios
        } else if has(Array("android".utf8)) {
            self = .android
        } else {
            self = .desktop
        }
    }

    private static let previewCrawlerTokens = previewCrawlers.map { Array($0.token.utf8) }
    private static let robotTokenBytes = robotTokens.map { Array($0.utf8) }

    /// Whether `token` occurs in `text`; `text` is at most ``maxUserAgentLength`` bytes and tokens a few, so the
    /// plain search costs little.
    private static func contains(_ text: [UInt8], _ token: [UInt8]) -> Bool {
        guard let first = token.first, text.count >= token.count else { return false }
        var start = 0
        while start <= text.count - token.count {
            if text[start] == first, text[start..<start + token.count].elementsEqual(token) { return true }
            start += 1
        }
        return false
    }
}
