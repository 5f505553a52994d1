import SwitchyardWebLinks
import Testing

@Suite("Short links: who follows a link")
struct VisitorTests {
    static let agents: [(agent: String?, visitor: Visitor)] = [
        (
            "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
            .ios
        ),
        (
            "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1",
            .ios
        ),
        (
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
            .android
        ),
        (
            "Mozilla/5.0 (Linux; Android 9; CUBOT_X19) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0 Mobile Safari/537.36",
            .android
        ),
        (
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
            .desktop
        ),
        (
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
            .desktop
        ),
        ("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", .desktop),
        ("facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", .bot),
        ("Twitterbot/1.0", .bot),
        ("Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", .bot),
        ("LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)", .bot),
        ("WhatsApp/2.24.10.85 A", .bot),
        ("Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)", .bot),
        ("TelegramBot (like TwitterBot)", .bot),
        // iMessage's preview fetcher.
        (
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0",
            .bot
        ),
        (
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            .bot
        ),
        ("curl/8.5.0", .bot),
        ("", .bot),
        (nil, .bot),
        (String(repeating: "x", count: 1_000_000) + "iPhone", .desktop),
        (String(repeating: "x", count: 1_018) + "iPhone", .ios),
        (String(repeating: "x", count: 1_019) + "iPhone", .desktop),
        ("Mozilla/5.0 (Linux; Android 14) iPhone", .ios),
        ("Mozilla/5.0 (compatible; Example-bot/", .bot),
        ("Ünïcödé iPod ✓", .ios),
        ("\u{0}\r\n<script>", .desktop),
    ]

    @Test("each user agent is one class of visitor", arguments: agents)
    func classifies(agent: String?, visitor: Visitor) {
        #expect(Visitor(userAgent: agent) == visitor)
    }

    @Test func everyCrawlerTheIssueNamesIsKnownByName() {
        let names = Set(Visitor.previewCrawlers.map(\.name))
        for name in ["Facebook", "Twitter/X", "Slack", "LinkedIn", "WhatsApp", "Discord", "Telegram"] {
            #expect(names.contains(name))
        }
    }

    /// The classification as stated: a robot's token anywhere, else an Apple device's name, else Android's, read
    /// token by token (the site reads the text once for all of them).
    static func reference(_ agent: String) -> Visitor {
        let text = String(decoding: agent.utf8.prefix(Visitor.maxUserAgentLength), as: UTF8.self).lowercased()
        let robots =
            Visitor.previewCrawlers.map(\.token) + [
                "bot/", "bot;", "bot)", "crawler", "spider", "headlesschrome", "curl/", "wget/",
            ]
        if robots.contains(where: text.contains) { return .bot }
        if ["iphone", "ipad", "ipod"].contains(where: text.contains) { return .ios }
        return text.contains("android") ? .android : .desktop
    }

    /// Every pair of these pieces in either order, with text between and around: the one pass agrees with the
    /// reference.
    @Test func theOnePassAgreesWithTheTokenByTokenReading() {
        let pieces = [
            "iPhone", "Android", "bot/", "CUBOT", "ipad", "Crawler", "Mozilla/5.0", "slackbot", "androi", "i",
        ]
        for first in pieces {
            for second in pieces {
                for agent in [first + second, "(" + first + "; " + second + ")", second + " x " + first] {
                    #expect(Visitor(userAgent: agent) == Self.reference(agent), "\(agent)")
                }
            }
        }
    }
}
