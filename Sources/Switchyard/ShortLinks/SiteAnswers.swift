import Foundation

/// The link site's answers that the app reads, named for the schemas of the site's OpenAPI document
/// (`/api/openapi.json`) and read with only the keys the app needs: the one place the app spells the contract. A
/// test of the link site decodes the running site's answers with these and holds each key to its schema
/// (`ContractTests`), so that a change of the document the app does not follow fails.
package enum SiteAnswers {
    /// The most bytes of an answer read as JSON.
    package static let maxSize = 64 * 1024

    /// `GET /api/links/{slug}`, 200: the schema `Target`.
    package struct Target: Decodable, Sendable {
        package let target: String

        package enum CodingKeys: String, CodingKey, CaseIterable {
            case target
        }
    }

    /// `POST /api/claims/redeem`, 200: the schema `RedeemedClaim`.
    package struct RedeemedClaim: Decodable, Sendable {
        package let slug: String
        package let target: String

        package enum CodingKeys: String, CodingKey, CaseIterable {
            case slug, target
        }
    }

    /// Any error answer: the schema `Error`, of which the app reads the code.
    package struct Failure: Decodable, Sendable {
        package struct Detail: Decodable, Sendable {
            package let code: String

            package enum CodingKeys: String, CodingKey, CaseIterable {
                case code
            }
        }

        package let error: Detail

        package enum CodingKeys: String, CodingKey, CaseIterable {
            case error
        }
    }

    /// `body` read as `answer`, or `nil` when it is larger than ``maxSize`` or not that JSON.
    package static func decode<Answer: Decodable>(_ answer: Answer.Type, from body: [UInt8]) -> Answer? {
        guard body.count <= maxSize else { return nil }
        return try? JSONDecoder().decode(Answer.self, from: Data(body))
    }
}
