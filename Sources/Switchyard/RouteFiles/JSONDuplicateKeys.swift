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
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                containers.append(Container(isObject: bytes[index] == UInt8(ascii: "{"), step: step(into: containers)))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = containers.popLast()
            case UInt8(ascii: ","):
                // The next value of an array; in an object, the next string is a key again.
                if let last = containers.indices.last {
                    containers[last].key = nil
                    containers[last].index += 1
                }
            case UInt8(ascii: "\""):
                let (text, end) = string(in: bytes, from: index)
                if let last = containers.indices.last, containers[last].isObject, containers[last].key == nil {
                    guard containers[last].keys.insert(text).inserted else {
                        return (location(of: containers[...]), text)
                    }
                    containers[last].key = text
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

    /// An object or an array being read. Its keys are changed in place, and its place is kept as the one step from
    /// its parent, so that a wide object or a deep nesting costs linear time.
    private struct Container {
        let isObject: Bool
        /// The key or index it is at in its parent (`nil` at the top).
        let step: Step?
        /// An object's keys so far, and the key whose value is being read (`nil` while a key is expected).
        var keys: Set<String> = []
        var key: String?
        /// An array's index of the value being read.
        var index = 0

        init(isObject: Bool, step: Step?) {
            self.isObject = isObject
            self.step = step
        }
    }

    private enum Step {
        case key(String)
        case index(Int)
    }

    /// The step from the innermost container to a value that starts now.
    private static func step(into containers: [Container]) -> Step? {
        guard let last = containers.last else { return nil }
        return last.isObject ? .key(last.key ?? "") : .index(last.index)
    }

    /// Where the innermost of `containers` is, as a route file's problems say it: `a.c[1]` (the outermost has no
    /// step).
    private static func location(of containers: ArraySlice<Container>) -> String {
        var text = ""
        for container in containers {
            switch container.step {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            case nil: break
            }
        }
        return text
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
