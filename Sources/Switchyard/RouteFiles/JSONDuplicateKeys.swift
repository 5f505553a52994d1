/// Finds a key given twice in one object of a JSON text, which the toolchain's decoder reads silently as one of its
/// values: a route file whose `"routes"` a merge left twice would lose half its routes, and `check` would say
/// nothing.
///
/// It reads text the decoder has already taken as JSON, so it only tells strings from the rest: a key is compared
/// decoded (`"a"` and `"\u0061"` are one key). One pass, linear in the text.
///
/// ```swift
/// JSONDuplicateKeys.first(in: Array(#"{"routes": [], "routes": []}"#.utf8))  // (location: "", key: "routes")
/// ```
package enum JSONDuplicateKeys {
    /// The first key given twice, and where its object is (`routes[2].constraints`, `""` for the top).
    package static func first(in bytes: [UInt8]) -> (location: String, key: String)? {
        var containers: [Container] = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                containers.append(.object(location(of: containers), [], nil))
            case UInt8(ascii: "["):
                containers.append(.array(location(of: containers), 0))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = containers.popLast()
            case UInt8(ascii: ","):
                // The next value of an array; in an object, the next string is a key again.
                switch containers.last {
                case .array(let location, let count): containers[containers.count - 1] = .array(location, count + 1)
                case .object(let location, let keys, _): containers[containers.count - 1] = .object(location, keys, nil)
                case nil: break
                }
            case UInt8(ascii: "\""):
                let (text, end) = string(in: bytes, from: index)
                if case .object(let location, var keys, nil) = containers.last {
                    guard keys.insert(text).inserted else { return (location, text) }
                    containers[containers.count - 1] = .object(location, keys, text)
                }
                index = end
                continue
            default:
                break
            }
            index += 1
        }
        return nil
    }

    private enum Container {
        /// Where the object is, its keys so far, and the key whose value is being read (`nil` while a key is
        /// expected).
        case object(String, Set<String>, String?)
        /// Where the array is, and the index of the value being read.
        case array(String, Int)
    }

    /// Where a value that starts now is: its parent's place and its key or index, as a route file's problems say it.
    private static func location(of containers: [Container]) -> String {
        switch containers.last {
        case nil: ""
        case .object(let location, _, let key): location.isEmpty ? key ?? "" : "\(location).\(key ?? "")"
        case .array(let location, let index): "\(location)[\(index)]"
        }
    }

    /// The string that starts at `start` (its opening quote), decoded, and the index after its closing quote.
    private static func string(in bytes: [UInt8], from start: Int) -> (String, Int) {
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        var index = start + 1
        func flush() {
            scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
            raw.removeAll(keepingCapacity: true)
        }
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                raw.append(bytes[index])
                index += 1
                continue
            }
            flush()
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "u"):
                var value = hex(bytes, at: index)
                index += 4
                // A surrogate pair: a high half, then `\u` and a low half.
                if (0xD800...0xDBFF).contains(value), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                {
                    let low = hex(bytes, at: index + 2)
                    if (0xDC00...0xDFFF).contains(low) {
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                }
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            default: scalars.append(Unicode.Scalar(escape))
            }
        }
        flush()
        return (String(scalars), index + 1)
    }

    /// The four hexadecimal digits at `index`; what is not a digit counts as 0 (the decoder has refused such text).
    private static func hex(_ bytes: [UInt8], at index: Int) -> UInt32 {
        (index..<min(index + 4, bytes.count)).reduce(UInt32(0)) { value, position in
            value << 4 | UInt32(PercentDecoding.hexValue(bytes[position]) ?? 0)
        }
    }
}
