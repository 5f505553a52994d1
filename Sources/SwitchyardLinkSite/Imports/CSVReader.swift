/// Records of CSV text (RFC 4180): fields separated by commas, records by CRLF or LF, a field in double quotes may
/// hold commas, line breaks and doubled quotes. A byte order mark at the start is dropped.
///
/// One pass over the text's bytes, so a file costs time in proportion to its length; the caller bounds its length,
/// and ``records(of:maxRecords:)`` the records.
enum CSVReader {
    struct Record: Equatable {
        /// The line of the file the record starts on, from 1.
        let line: Int
        let fields: [String]
    }

    struct Failure: Error, Equatable {
        let message: String
        /// Whether the file has more records than the caller takes.
        var isTooMany = false
    }

    /// The records of `text`, blank lines left out.
    /// - Throws: ``Failure`` for a quote that is not closed, text after a closing quote, or more than `maxRecords`.
    static func records(of text: String, maxRecords: Int) throws(Failure) -> [Record] {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var pass = Pass(bytes: bytes, maxRecords: maxRecords)
        try pass.run()
        return pass.records
    }

    /// One pass over a file's bytes, and where it stands.
    private struct Pass {
        let bytes: [UInt8]
        let maxRecords: Int
        var records: [Record] = []
        /// The fields of the record being read, and the bytes of the field being read.
        var fields: [String] = []
        var field: [UInt8] = []
        /// The line being read, and the line the record being read starts on.
        var line = 1
        var recordLine = 1
        var index = 0
        /// Inside double quotes; and whether the field being read was quoted and its quotes closed.
        var isQuoted = false
        var wasQuoted = false

        mutating func run() throws(Failure) {
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if isQuoted { readQuoted(byte) } else { try readUnquoted(byte) }
            }
            guard !isQuoted else { throw Failure(message: "line \(recordLine): a quoted field is not closed") }
            if !field.isEmpty || !fields.isEmpty || wasQuoted { try endRecord() }
        }

        /// A byte inside double quotes: a doubled quote is one quote of the field, a single one closes it.
        private mutating func readQuoted(_ byte: UInt8) {
            if byte == UInt8(ascii: "\"") {
                if index < bytes.count && bytes[index] == UInt8(ascii: "\"") {
                    field.append(byte)
                    index += 1
                } else {
                    isQuoted = false
                    wasQuoted = true
                }
            } else {
                if byte == UInt8(ascii: "\n") { line += 1 }
                field.append(byte)
            }
        }

        private mutating func readUnquoted(_ byte: UInt8) throws(Failure) {
            switch byte {
            case UInt8(ascii: ","):
                endField()
            case UInt8(ascii: "\r") where index < bytes.count && bytes[index] == UInt8(ascii: "\n"):
                return
            case UInt8(ascii: "\n"):
                try endRecord()
                line += 1
                recordLine = line
            case UInt8(ascii: "\"") where field.isEmpty && !wasQuoted:
                isQuoted = true
            default:
                guard !wasQuoted else {
                    throw Failure(message: "line \(line): a quoted field has text after its closing quote")
                }
                field.append(byte)
            }
        }

        private mutating func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            wasQuoted = false
        }

        private mutating func endRecord() throws(Failure) {
            let isBlank = fields.isEmpty && field.isEmpty && !wasQuoted
            endField()
            // A blank line is no record; `""` alone is a record of one empty field.
            if !isBlank {
                guard records.count < maxRecords else {
                    throw Failure(
                        message: "the file has more than \(maxRecords - 1) rows after its header", isTooMany: true)
                }
                records.append(Record(line: recordLine, fields: fields))
            }
            fields.removeAll(keepingCapacity: true)
        }
    }
}
