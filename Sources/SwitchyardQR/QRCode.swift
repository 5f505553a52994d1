/// A QR code (ISO/IEC 18004, Model 2): a square of dark and light modules that a phone's camera reads as text.
///
/// ```swift
/// let code = try QRCode("https://go.shop.example.com/s/xmas", correction: .medium)
/// let drawing = code.svg(size: 300)        // an SVG document, 300 pixels wide
/// let picture = try code.png(size: 300)    // the bytes of a PNG file
/// ```
///
/// The text goes in the most compact single mode its characters allow (``Segment/automatic(for:)``); the smallest
/// version (from 1, 21 modules a side, to 40, 177) that holds it at the level of error correction asked for is
/// used, never a higher level than asked; and of the eight masks, the one the standard's penalty rules score lowest.
/// The same text and options always make the same code.
public struct QRCode: Sendable, Hashable {
    /// The version: 1 to 40. A version `v` code has `17 + 4 v` modules a side.
    public let version: Int
    /// How much of the code may be lost and the text still read.
    public let correction: Correction
    /// The mask applied to the data's modules: 0 to 7.
    public let mask: Int
    /// The modules a side, without the quiet zone around them.
    public var size: Int { grid.size }
    private let grid: ModuleGrid

    /// Makes the code of `text`.
    /// - Parameters:
    ///   - text: What the code reads as; a link, most often.
    ///   - correction: The level of error correction.
    ///   - minimumVersion: The smallest version to use (1 to 40); a larger one when the text needs it. Codes
    ///     printed side by side can be given one size this way.
    /// - Throws: ``QRCodeError``: `tooLong` when no version holds the text at this level, `badVersion` when
    ///   `minimumVersion` is not 1 to 40.
    public init(_ text: String, correction: Correction = .medium, minimumVersion: Int = 1) throws(QRCodeError) {
        // Bounded before it is read: no code holds more than 7,089 characters (digits at version 40, level L).
        guard text.utf8.count <= 7_089 else {
            throw QRCodeError(.tooLong, "the text has \(text.utf8.count) bytes; a QR code holds at most 7,089 digits")
        }
        try self.init(segments: Segment.automatic(for: text), correction: correction, minimumVersion: minimumVersion)
    }

    /// Makes the code of `segments`, in their order: for text whose parts suit different modes (a long number
    /// after a link's host, for instance).
    /// - Throws: ``QRCodeError``: `tooLong`, `badVersion`.
    public init(segments: [Segment], correction: Correction = .medium, minimumVersion: Int = 1) throws(QRCodeError) {
        guard (1...40).contains(minimumVersion) else {
            throw QRCodeError(.badVersion, "the minimum version is \(minimumVersion); a version is 1 to 40")
        }
        var chosen: Int?
        for version in minimumVersion...40 {
            if let bits = Segment.bitCount(of: segments, version: version),
                bits <= correction.dataCodewords(version: version) * 8
            {
                chosen = version
                break
            }
        }
        guard let version = chosen else {
            let holds = correction.dataCodewords(version: 40) - 3
            throw QRCodeError(
                .tooLong,
                "the text does not fit a QR code at level \(correction): version 40 holds \(holds) bytes at this level")
        }
        let data = Segment.codewords(of: segments, version: version, correction: correction)
        let codewords = correction.interleavedWithCorrection(data, version: version)
        var grid = ModuleGrid(version: version)
        grid.place(codewords)
        mask = grid.applyBestMask(correction: correction)
        self.version = version
        self.correction = correction
        self.grid = grid
    }

    /// Whether the module at column `x`, row `y` (from the top left, 0-based) is dark; `false` outside the code,
    /// as the quiet zone around it is light.
    public subscript(x x: Int, y y: Int) -> Bool {
        grid.isDark(x, y)
    }
}

/// An error in making a QR code or its picture: what went wrong, as ``Code``, and a sentence that says so.
public struct QRCodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of error it is.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's name: `tooLong`, for instance.
        public let description: String
        /// The text does not fit the largest code at the level asked for.
        public static let tooLong = Code(description: "tooLong")
        /// A version that is not 1 to 40 was asked for.
        public static let badVersion = Code(description: "badVersion")
        /// A segment's characters are not its mode's.
        public static let badCharacter = Code(description: "badCharacter")
        /// A picture's size or margin cannot draw the code.
        public static let badPicture = Code(description: "badPicture")
    }

    /// What kind of error it is.
    public let code: Code
    /// What went wrong, in a sentence.
    public let description: String

    init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }
}
