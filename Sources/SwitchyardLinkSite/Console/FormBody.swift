import Foundation

/// The fields of a form's body, as a browser sends it: `application/x-www-form-urlencoded`, or
/// `multipart/form-data` (RFC 7578), which a form with a file uses.
///
/// Both are read in one pass over the body, which the caller has bounded. A field named twice keeps its last value;
/// a part without a name is left out.
enum FormBody {
    static func urlEncoded(_ bytes: [UInt8]) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in String(decoding: bytes, as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ text: Substring) -> String {
                text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            guard let name = parts.first else { continue }
            fields[decoded(name)] = parts.count == 2 ? decoded(parts[1]) : ""
        }
        return fields
    }

    /// The boundary of a `multipart/form-data` content type, or `nil` for any other.
    static func boundary(of contentType: String?) -> String? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else {
                continue
            }
            let value = pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                in: CharacterSet(charactersIn: "\""))
            // RFC 2046: 1 to 70 characters.
            return (1...70).contains(value.utf8.count) ? value : nil
        }
        return nil
    }

    static func multipart(_ bytes: [UInt8], boundary: String) -> [String: String] {
        let delimiter = Array("\r\n--\(boundary)".utf8)
        // The body starts with the delimiter without its line break.
        var parts: [ArraySlice<UInt8>] = []
        var start = 0
        let first = Array(delimiter.dropFirst(2))
        guard bytes.starts(with: first) else { return [:] }
        start = first.count
        while let end = index(of: delimiter, in: bytes, from: start) {
            parts.append(bytes[start..<end])
            start = end + delimiter.count
        }
        var fields: [String: String] = [:]
        for part in parts {
            // Each part: the rest of the delimiter's line, headers, a blank line, the value.
            guard let headersEnd = index(of: Array("\r\n\r\n".utf8), in: Array(part), from: 0) else { continue }
            let partBytes = Array(part)
            let headers = String(decoding: partBytes[..<headersEnd], as: UTF8.self)
            guard let name = Self.name(inDisposition: headers) else { continue }
            fields[name] = String(decoding: partBytes[(headersEnd + 4)...], as: UTF8.self)
        }
        return fields
    }

    /// The `name` of a part's `Content-Disposition: form-data; name="…"`.
    private static func name(inDisposition headers: String) -> String? {
        for line in headers.split(whereSeparator: \.isNewline)
        where line.lowercased().hasPrefix("content-disposition:") {
            for parameter in line.split(separator: ";").dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces) == "name" {
                    return pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                        in: CharacterSet(charactersIn: "\""))
                }
            }
        }
        return nil
    }

    /// Where `needle` starts in `haystack` at or after `from`. It compares from each occurrence of the needle's first
    /// byte: a boundary's first bytes (`\\r\\n--`) are rare in a text file, so the pass stays close to linear.
    private static func index(of needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard let head = needle.first, haystack.count >= needle.count else { return nil }
        var position = from
        while position + needle.count <= haystack.count {
            if haystack[position] == head && haystack[position..<position + needle.count].elementsEqual(needle) {
                return position
            }
            position += 1
        }
        return nil
    }
}
