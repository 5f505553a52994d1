import Foundation
import Switchyard
import Testing

@Suite("Error codes and wrapped errors")
struct ErrorShapeTests {
    private struct BrokenPatternLink: DeepLinkRoute {
        static let pattern = "/a/*/b"
        var id: Int
    }

    /// A launcher that records what it was asked to open.
    private final class RecordingLauncher: AppLauncher, @unchecked Sendable {
        let opened = Recorder<String>()
        func canOpen(_ url: String) async -> Bool { true }
        func open(_ url: String) async throws(LaunchError) { opened.append(url) }
    }

    @Test func aCodePrintsItsStableNameInEveryDomain() {
        #expect("\(URLRejection.Code.invalidUTF8)" == "invalidUTF8")
        #expect("\(PatternError.Code.invalidUTF8)" == "invalidUTF8")
        #expect("\(RouteDecodingError.Code.typeMismatch)" == "typeMismatch")
        #expect("\(LinkError.Code.invalidPattern)" == "invalidPattern")
        #expect("\(LaunchError.Code.invalidLink)" == "invalidLink")
        #expect("\(RouteFileError.Code.invalidPattern)" == "invalidPattern")
        #expect("\(WalkError.Code.noMatch)" == "noMatch")
        #expect("\(DispatchError.Code.redirectLoop)" == "redirectLoop")
        #expect("\(RouteOutcome.Status.handledByDefault)" == "handledByDefault")
    }

    @Test func aTypedRouteWithABadPatternKeepsThePatternErrorAsItsCause() {
        #expect {
            try Router().link(for: BrokenPatternLink(id: 1))
        } throws: { error in
            let error = error as? LinkError
            return error?.code == .invalidPattern && error?.underlying?.code == .wildcardNotLast
                && error?.underlying?.position == 3
        }
    }

    @Test func aLinkThatCannotBeBuiltKeepsTheLinkErrorAsTheLaunchErrorsCause() async {
        let launcher = RecordingLauncher()
        await #expect {
            try await launcher.open(scheme: "1app", route: "x")
        } throws: { error in
            let error = error as? LaunchError
            return error?.code == .invalidLink && error?.underlying?.code == .invalidScheme
        }
        #expect(launcher.opened.all.isEmpty)
    }

    @Test func aRouteFilesBadPatternKeepsThePatternErrorAsItsCause() {
        let json = #"{"routes": [{"pattern": "/a/*/b"}]}"#
        #expect {
            try RouteFile(data: Data(json.utf8), path: "routes.json")
        } throws: { error in
            let error = error as? RouteFileError
            return error?.code == .invalidPattern && error?.underlying?.code == .wildcardNotLast
        }
    }

    private struct Root: Routable {
        let routes = RouteLevel()
        init() { try? routes.add("road/:city") { _ in nil } }
    }

    private static func failure(_ url: String) async -> WalkError? {
        let walk: RouteWalk
        do {
            walk = try await Root().route(url)
        } catch {
            return error
        }
        Issue.record("\(url) was routed through \(walk.steps.count) levels")
        return nil
    }

    @Test func walkErrorsThatSayTheSameAreEqualAndHashAlike() async {
        let failure = Self.failure
        let first = await failure("myapp://nowhere/1")
        let again = await failure("myapp://nowhere/1")
        let other = await failure("myapp://elsewhere/1")
        #expect(first != nil)
        #expect(first == again)
        #expect(Set([first, again]).count == 1)
        #expect(first != other)
        #expect(first?.code == .noMatch)
    }
}
