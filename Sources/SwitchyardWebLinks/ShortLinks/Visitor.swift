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
        let text = String(decoding: userAgent.utf8.prefix(Self.maxUserAgentLength), as: UTF8.self).lowercased()
        if Self.previewCrawlers.contains(where: { text.contains($0.token) })
            || Self.robotTokens.contains(where: { text.contains($0) })
        {
            self = .bot
        } else if text.contains("iphone") || text.contains("ipad") || text.contains("ipod") {
            self = .ios
        } else if text.contains("android") {
            self = .android
        } else {
            self = .desktop
        }
    }
}
