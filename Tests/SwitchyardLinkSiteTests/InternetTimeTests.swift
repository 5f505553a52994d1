import Foundation
import Testing

@testable import SwitchyardLinkSite

/// The times the command line, an import and the console read, as the API's JSON reads them.
@Suite struct InternetTimeTests {
    @Test(
        "RFC 3339's date-time is taken, with an offset or fractional seconds",
        arguments: [
            ("2030-01-01T00:00:00Z", 1_893_456_000 as Double?), ("2030-01-01T00:00:00.000Z", 1_893_456_000),
            ("2030-01-01T00:00:00.5Z", 1_893_456_000.5), ("2030-01-01T02:00:00+02:00", 1_893_456_000),
            ("2030-01-01", nil), ("tomorrow", nil), ("", nil), ("2030-01-01T00:00:00", nil),
        ])
    func aTime(text: String, seconds: Double?) {
        let date = InternetTime.date(from: text)
        if let seconds {
            #expect(abs((date?.timeIntervalSince1970 ?? 0) - seconds) < 0.001, "\(String(describing: date))")
        } else {
            #expect(date == nil)
        }
    }
}
