extension QRCode {
    /// The code as an SVG document: dark modules on a light square, with `margin` light modules around the code.
    ///
    /// The drawing is in modules (its `viewBox`), so it scales to any size without blur; `size` sets the width and
    /// height it asks for.
    /// - Parameters:
    ///   - size: The width and height, in pixels.
    ///   - margin: The quiet zone, in modules: 4 is what the standard asks for; readers often cope with less.
    ///   - title: What the picture shows, for people who cannot see it (its `<title>`).
    /// - Throws: ``QRCodeError`` `badPicture` when `size` is below 1 or `margin` below 0.
    public func svg(size: Int, margin: Int = 4, title: String? = nil) throws(QRCodeError) -> String {
        guard size >= 1, margin >= 0 else {
            throw QRCodeError(.badPicture, "a picture needs a size of 1 or more and a margin of 0 or more")
        }
        let side = self.size + 2 * margin
        var path = ""
        for y in 0..<self.size {
            var x = 0
            while x < self.size {
                guard self[x: x, y: y] else {
                    x += 1
                    continue
                }
                // A run of dark modules in the row is one rectangle.
                var end = x + 1
                while end < self.size && self[x: end, y: y] { end += 1 }
                path += "M\(x + margin),\(y + margin)h\(end - x)v1h-\(end - x)z"
                x = end
            }
        }
        let label = title.map { "<title>\(Self.escaped($0))</title>" } ?? ""
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(size)" height="\(size)" viewBox="0 0 \(side) \(side)" \
            shape-rendering="crispEdges" role="img">\(label)<rect width="\(side)" height="\(side)" fill="#fff"/>\
            <path fill="#000" d="\(path)"/></svg>

            """
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            // XML has no place for control characters.
            case _ where character.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }):
                result += " "
            default: result.append(character)
            }
        }
        return result
    }
}
