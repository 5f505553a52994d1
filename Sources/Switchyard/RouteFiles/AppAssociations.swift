/// The apps a route file's association files name: what `"apps"` declares.
///
/// ```json
/// "apps": {
///   "name": "Shop",
///   "apple": {
///     "appIDs": ["ABCDE12345.com.example.shop"], "appStoreID": "1234567890",
///     "webCredentials": ["ABCDE12345.com.example.shop"], "appClip": "ABCDE12345.com.example.shop.Clip"
///   },
///   "android": { "package": "com.example.shop", "sha256CertFingerprints": ["14:6D:…:5E"] }
/// }
/// ```
public struct AppAssociations: Sendable, Hashable {
    /// The app's name as people know it, for the pages a browser shows: "Open in Shop".
    public var name: String?
    /// Apple app identifiers, `TEAMID.bundle.id`, for `apple-app-site-association`.
    public var appleAppIDs: [String] = []
    /// The app's App Store identifier, the digits of `https://apps.apple.com/app/id1234567890`: landing pages
    /// link to the store and show Apple's smart app banner with it.
    public var appStoreID: String?
    /// The apps that share the site's saved passwords: `webcredentials` in `apple-app-site-association`.
    public var webCredentialAppIDs: [String] = []
    /// The App Clip the site's App Clip experiences open: `appclips` in `apple-app-site-association`.
    public var appClipID: String?
    /// The Android package name, for `assetlinks.json`.
    public var androidPackage: String?
    /// The SHA-256 fingerprints of the Android app's signing certificates: 32 uppercase hex pairs joined by `:`.
    public var androidFingerprints: [String] = []

    /// No apps.
    public init() {}

    /// Whether `text` is an Apple app identifier: a ten-character team ID of uppercase letters and digits, a dot,
    /// and a bundle identifier of letters, digits, `-` and `.`.
    static func isAppleAppID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count > 11, bytes[10] == UInt8(ascii: ".") else { return false }
        let team = bytes[..<10].allSatisfy { URLSplitter.isUppercase($0) || $0 &- UInt8(ascii: "0") < 10 }
        let bundle = bytes[11...]
        return team && bundle.first != UInt8(ascii: ".") && bundle.last != UInt8(ascii: ".")
            && bundle.allSatisfy { LinkEncoding.isUnreserved($0) && $0 != UInt8(ascii: "_") && $0 != UInt8(ascii: "~") }
    }

    /// Whether `text` is an App Store identifier: one to twelve digits.
    static func isAppStoreID(_ text: String) -> Bool {
        (1...12).contains(text.utf8.count) && text.utf8.allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
    }

    /// Whether `text` is a Java package name of two or more parts: `com.example.shop`.
    static func isAndroidPackage(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2
            && parts.allSatisfy { part in
                guard let first = part.utf8.first, URLSplitter.isLetter(first) else { return false }
                return part.utf8.allSatisfy {
                    URLSplitter.isLetter($0) || $0 &- UInt8(ascii: "0") < 10 || $0 == UInt8(ascii: "_")
                }
            }
    }

    /// Whether `text` is a SHA-256 fingerprint as Android writes it: 32 uppercase hex pairs joined by `:`.
    static func isFingerprint(_ text: String) -> Bool {
        let pairs = text.split(separator: ":", omittingEmptySubsequences: false)
        return pairs.count == 32
            && pairs.allSatisfy { pair in
                pair.utf8.count == 2
                    && pair.utf8.allSatisfy { $0 &- UInt8(ascii: "0") < 10 || $0 &- UInt8(ascii: "A") < 6 }
            }
    }
}
