/// What a route file declares of its short-link site.
extension RouteFileReader {
    /// Reads `"shortLinks": {"host": "go.example.com", "prefix": "/s"}`; the prefix may be left out for a host that
    /// serves only short links.
    mutating func readShortLinks(_ value: JSONValue) -> ShortLinkSite? {
        guard let object = object(value, at: "shortLinks") else { return nil }
        checkKeys(object, ["host", "prefix"], at: "shortLinks")
        guard let hostValue = object["host"] else {
            problem(.missingKey, at: "shortLinks", "a short-link site needs a \"host\"")
            return nil
        }
        guard let host = string(hostValue, at: "shortLinks.host") else { return nil }
        let prefix = object["prefix"].flatMap { string($0, at: "shortLinks.prefix") } ?? ""
        do {
            return try ShortLinkSite(host: host, prefix: prefix)
        } catch {
            problem(.invalidValue, at: "shortLinks", error.message)
            return nil
        }
    }
}
