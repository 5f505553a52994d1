import Switchyard

extension RouteFile {
    /// For a file that declares apps: what keeps the association files from being made (a table universal links
    /// reach that makes its host a component, an Apple file over its size limit), or else, as notes, the URLs the
    /// files claim that their routes do not handle.
    package func associationFindings() -> [RouteFileFinding] {
        guard !apps.appleAppIDs.isEmpty || apps.androidPackage != nil else { return [] }
        do {
            return try associationFiles().overClaims.map { claim in
                RouteFileFinding(
                    code: .overClaim,
                    message: "the association files claim \(claim.example), which \(claim.pattern) does not take "
                        + "as a universal link (the files' wildcards cross '/'): a phone opens the app for it",
                    locations: [claim.location], example: claim.example, isNote: true)
            }
        } catch {
            return [
                RouteFileFinding(
                    code: .associations, message: error.message, locations: [error.location], example: nil)
            ]
        }
    }
}
