import Foundation
import Switchyard
import SwitchyardTestSupport
import Testing

@testable import SwitchyardLinkSite

/// The app side reads the link site's answers through `SiteAnswers`, the one place the core spells them. Each key
/// it reads is held here to the schema of the document the running site serves, and the site's real answers are
/// decoded with it: a change of the document, or of an answer, that the app does not follow fails.
@Suite struct ContractTests {
    /// The app's answer types: the schema each stands for, the keys it reads, and their JSON type.
    static let answers: [(schema: String, keys: [String], type: String)] = [
        ("Target", SiteAnswers.Target.CodingKeys.allCases.map(\.rawValue), "string"),
        ("RedeemedClaim", SiteAnswers.RedeemedClaim.CodingKeys.allCases.map(\.rawValue), "string"),
        ("Error", SiteAnswers.Failure.CodingKeys.allCases.map(\.rawValue), "object"),
    ]

    /// The `components.schemas` of the document the site serves.
    static func schemas(port: Int) async throws -> [String: [String: Any]] {
        let reply = try #require(try await RawHTTP.get("/api/openapi.json", port: port))
        #expect(reply.status == 200)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any])
        let components = try #require(document["components"] as? [String: Any])
        return try #require(components["schemas"] as? [String: [String: Any]])
    }

    /// `schema`, or the schema its `$ref` names among `schemas`.
    static func resolved(_ schema: [String: Any]?, in schemas: [String: [String: Any]]) -> [String: Any]? {
        guard let reference = schema?["$ref"] as? String else { return schema }
        return schemas[String(reference.dropFirst("#/components/schemas/".count))]
    }

    /// Whether `schema` requires `key`, of `type`.
    static func requires(
        _ schema: [String: Any], _ key: String, type: String, in schemas: [String: [String: Any]]
    ) -> Bool {
        let required = schema["required"] as? [String] ?? []
        let properties = schema["properties"] as? [String: [String: Any]] ?? [:]
        return required.contains(key) && resolved(properties[key], in: schemas)?["type"] as? String == type
    }

    @Test func everyKeyTheAppReadsIsRequiredByItsSchemaInTheServedDocument() async throws {
        try await LinkSiteHTTPTests.withServer { _, port in
            let schemas = try await Self.schemas(port: port)
            for (name, keys, type) in Self.answers {
                let schema = try #require(schemas[name], "the document has no schema \(name)")
                for key in keys {
                    #expect(Self.requires(schema, key, type: type, in: schemas), "\(name).\(key)")
                }
            }
            let error = try #require(schemas["Error"]?["properties"] as? [String: [String: Any]])
            let detail = try #require(Self.resolved(error["error"], in: schemas))
            for key in SiteAnswers.Failure.Detail.CodingKeys.allCases.map(\.rawValue) {
                #expect(Self.requires(detail, key, type: "string", in: schemas), "Error.error.\(key)")
            }
        }
    }

    @Test func theSitesAnswersDecodeAsTheAppReadsThem() async throws {
        try await LinkSiteHTTPTests.withServer { site, port in
            let created = await site.call(
                "POST", "/api/admin/links", json: #"{"slug": "contract", "target": "myapp://cart"}"#)
            #expect(created.status == 201)
            let lookUp = try #require(try await RawHTTP.get("/api/links/contract", port: port))
            #expect(lookUp.status == 200)
            let target = SiteAnswers.decode(SiteAnswers.Target.self, from: Array(lookUp.body.utf8))
            #expect(target?.target == "myapp://cart")

            let page = await site.service.answer(to: try Slug("contract"), visitor: .ios, now: Date())
            let (token, redirect) = try ClaimTests.getTheApp(page)
            #expect(await ClaimTests.get(site, redirect)?.status == 302)
            for (status, code) in [(200, nil), (409, "alreadyRedeemed")] as [(Int, String?)] {
                let body = Array(#"{"token": "\#(token)", "platform": "ios"}"#.utf8)
                let head =
                    "POST /api/claims/redeem HTTP/1.1\r\nHost: go.shop.example.com\r\nConnection: close\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
                let answer = try #require(try await RawHTTP.send(Array(head.utf8) + body, to: port))
                #expect(answer.status == status, "\(answer.body)")
                let bytes = Array(answer.body.utf8)
                if let code {
                    #expect(SiteAnswers.decode(SiteAnswers.Failure.self, from: bytes)?.error.code == code)
                } else {
                    let redeemed = SiteAnswers.decode(SiteAnswers.RedeemedClaim.self, from: bytes)
                    #expect(redeemed?.slug == "contract")
                    #expect(redeemed?.target == "myapp://cart")
                }
            }
        }
    }
}
