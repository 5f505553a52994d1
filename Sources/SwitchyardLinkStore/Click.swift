import Foundation
import Switchyard
import SwitchyardWebLinks

/// One resolution of a short link, as the store counts it: when, which link, what kind of device, and the host of
/// the page it came from. Nothing else: no address, no user agent, nothing that tells one visitor from another.
package struct Click: Sendable, Hashable {
    package var slug: Slug
    package var at: Date
    package var platform: Visitor
    /// The referrer's host in lowercase, at most 253 characters, or empty.
    package var referrerHost: String

    package init(slug: Slug, at: Date, platform: Visitor, referrerHost: String) {
        self.slug = slug
        self.at = at
        self.platform = platform
        self.referrerHost = referrerHost
    }
}

/// The clicks of one link on one day (UTC) from one platform.
package struct ClickCount: Sendable, Hashable, Codable {
    /// `YYYY-MM-DD`, in UTC.
    package var day: String
    package var platform: Visitor
    package var clicks: Int

    package init(day: String, platform: Visitor, clicks: Int) {
        self.day = day
        self.platform = platform
        self.clicks = clicks
    }
}
