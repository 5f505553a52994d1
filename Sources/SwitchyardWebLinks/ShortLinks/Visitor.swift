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
        // ASCII-lowercased bytes, searched in one pass: every token is ASCII, and a user agent arrives on every
        // request, so this stays off Foundation's string search (which bridges to NSString on Linux) and reads each
        // byte once, trying only the tokens that begin with it.
        let text = userAgent.utf8.prefix(Self.maxUserAgentLength).map { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
        }
        // A robot's token anywhere decides; otherwise an Apple device's name comes before Android's, wherever each is.
        var isIOS = false
        var isAndroid = false
        let pairs = Self.firstPairs
        for start in text.indices.dropLast() where pairs.contains(text[start], text[start + 1]) {
            for (token, kind) in Self.tokensByFirstByte[Int(text[start])]
            where text.count - start >= token.count && text[start..<start + token.count].elementsEqual(token) {
                switch kind {
                case .bot:
                    self = .bot
                    return
                case .ios: isIOS = true
                case .android: isAndroid = true
                }
            }
        }
        self = isIOS ? .ios : isAndroid ? .android : .desktop
    }

    private enum TokenKind { case bot, ios, android }

    /// The first two bytes of every token, as a set of 65,536 bits: most places in a user agent begin no token, and
    /// this says so with one read (every token has at least two bytes).
    private struct PairSet {
        private var words = [UInt64](repeating: 0, count: 1_024)

        init(_ tokens: [[UInt8]]) {
            for token in tokens where token.count >= 2 {
                let pair = Int(token[0]) << 8 | Int(token[1])
                words[pair >> 6] |= 1 << UInt64(pair & 63)
            }
        }

        func contains(_ first: UInt8, _ second: UInt8) -> Bool {
            let pair = Int(first) << 8 | Int(second)
            return words[pair >> 6] & (1 << UInt64(pair & 63)) != 0
        }
    }

    private static let firstPairs = PairSet(tokensByFirstByte.flatMap { $0.map(\.token) })

    /// Every token, by its first byte: a preview crawler's or another robot's, an Apple device's, Android's.
    private static let tokensByFirstByte: [[(token: [UInt8], kind: TokenKind)]] = {
        var table = Array(repeating: [(token: [UInt8], kind: TokenKind)](), count: 256)
        let tokens =
            (previewCrawlers.map(\.token) + robotTokens).map { ($0, TokenKind.bot) }
            + ["iphone", "ipad", "ipod"].map { ($0, TokenKind.ios) } + [("android", TokenKind.android)]
        for (text, kind) in tokens {
            let bytes = Array(text.utf8)
            if let first = bytes.first { table[Int(first)].append((bytes, kind)) }
        }
        return table
    }()
}
