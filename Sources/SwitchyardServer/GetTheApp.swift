import Switchyard

/// The "Get the app" part of a short link's landing page on a phone, when the link site makes claims: the link must
/// survive the install, so the button goes to the store through the site, which makes a claim of the page's token.
///
/// - On iOS the site's script copies the claim link when the button is tapped; the app offers to paste it on its
///   first launch. The page says so, and shows the claim link to copy by hand where the script does not run.
/// - On Android the Play Store carries the token to the app in the install referrer; nothing is copied.
///
/// The page is made once with ``tokenSlot`` where each visit's token goes (``filled(_:token:)``).
package struct GetTheApp: Sendable {
    package enum Store: Sendable {
        case appStore, playStore
    }

    /// Where the site serves the script that copies the claim link: from the site itself, allowed by `script-src
    /// 'self'`.
    package static let scriptPath = ShortLinkSite.claimPathPrefix + "copy-claim.js"

    /// What a page holds where a visit's token goes. A control character never comes out of ``HTML/text(_:)`` (it
    /// writes them as `\u{1}`), so only this slot has these bytes.
    package static let tokenSlot = "\u{1}claim-token\u{1}"

    /// The short link's slug, which the store redirect names.
    let slug: String
    /// The claim link, `https://HOST/c/` and ``tokenSlot``.
    let claimLink: String
    let store: Store

    package init(slug: String, claimLinkPrefix: String, store: Store) {
        self.slug = HTML.text(slug)
        claimLink = HTML.text(claimLinkPrefix) + Self.tokenSlot
        self.store = store
    }

    /// Whether the page runs the site's script: on iOS, to copy the claim link. Android's store carries the token
    /// itself, so its page runs none.
    var runsScript: Bool { store == .appStore }

    /// The site's redirect to the store, which makes the claim: `/c/TOKEN/app-store?link=SLUG`.
    var storeRedirect: String {
        ShortLinkSite.claimPathPrefix
            + "\(Self.tokenSlot)/\(store == .appStore ? "app-store" : "play-store")?link=\(slug)"
    }

    /// The section of the page: the button, and what tapping it does, in plain words.
    func section(appName: String) -> String {
        switch store {
        case .appStore:
            """
            <h2>Don’t have \(appName)?</h2>
            <p><a class="primary" id="get-the-app" href="\(storeRedirect)" data-claim-link="\(claimLink)">Get the app</a></p>
            <p id="claim-note">Tapping <strong>Get the app</strong> copies this link, then opens the App Store. \
            When \(appName) opens for the first time, tap <strong>Paste</strong>, and it opens this page’s link.</p>
            <p class="link"><code id="claim-link">\(claimLink)</code></p>
            <p id="claim-copied" role="status" hidden>Copied. Opening the App Store…</p>

            """
        case .playStore:
            """
            <h2>Don’t have \(appName)?</h2>
            <p><a class="primary" id="get-the-app" href="\(storeRedirect)">Get the app</a></p>
            <p>Google Play passes this link on to \(appName) when it installs, and the app opens it on its first \
            launch.</p>

            """
        }
    }

    /// `body` with each ``tokenSlot`` replaced by the token `makeToken` makes, once, when there is a slot; a body
    /// without one unchanged. The page is copied a run at a time between the slots' first bytes, which nothing else in
    /// it has.
    package static func filled(_ body: [UInt8], token makeToken: () -> String) -> [UInt8] {
        let slot = Array(tokenSlot.utf8)
        guard let first = slot.first, var found = body.firstIndex(of: first) else { return body }
        var token: [UInt8]?
        var output: [UInt8] = []
        output.reserveCapacity(body.count + 64)
        var copied = body.startIndex
        while true {
            output.append(contentsOf: body[copied..<found])
            if body[found...].starts(with: slot) {
                let made = token ?? Array(makeToken().utf8)
                token = made
                output.append(contentsOf: made)
                copied = found + slot.count
            } else {
                output.append(first)
                copied = found + 1
            }
            guard let next = body[copied...].firstIndex(of: first) else { break }
            found = next
        }
        output.append(contentsOf: body[copied...])
        return output
    }

    /// The script: on a tap of the button, copy the claim link, say so, then open the store. Where the clipboard
    /// cannot be written, the store opens all the same, and the link stays on the page to copy by hand.
    package static let script = """
        "use strict";
        document.addEventListener("click", function (event) {
          var button = event.target.closest ? event.target.closest("a[data-claim-link]") : null;
          if (!button) { return; }
          event.preventDefault();
          var open = function () { window.location.assign(button.href); };
          if (!navigator.clipboard || !navigator.clipboard.writeText) { open(); return; }
          navigator.clipboard.writeText(button.getAttribute("data-claim-link")).then(function () {
            var note = document.getElementById("claim-copied");
            if (note) { note.hidden = false; }
            open();
          }, open);
        });

        """
}
