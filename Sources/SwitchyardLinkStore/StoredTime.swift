import Foundation

/// Times are stored as milliseconds since 1970 in UTC, and days as `YYYY-MM-DD` in UTC, alike on both engines.
package enum StoredTime {
    package static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000).rounded(.down))
    }

    package static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
    }

    package static func day(_ date: Date) -> String {
        let days = Int64((date.timeIntervalSince1970 / 86_400).rounded(.down))
        return civilDate(daysSince1970: days)
    }

    /// The proleptic Gregorian date of a day number (days from 1970-01-01), by Howard Hinnant's civil-from-days.
    private static func civilDate(daysSince1970 days: Int64) -> String {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func twoDigits(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(twoDigits(month))-\(twoDigits(day))"
    }
}
