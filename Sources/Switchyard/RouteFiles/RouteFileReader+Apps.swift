/// What a route file declares of the apps its association files name.
extension RouteFileReader {
    /// Reads `"apps"`: the app's name; Apple app IDs, an App Store ID, the apps that share web credentials and an App Clip; and an Android package with its certificates' fingerprints.
    mutating func readApps(_ value: JSONValue) -> AppAssociations {
        var apps = AppAssociations()
        guard let object = object(value, at: "apps") else { return apps }
        checkKeys(object, ["name", "apple", "android"], at: "apps")
        if let value = object["name"], let name = string(value, at: "apps.name") {
            if name.isEmpty {
                problem(.invalidValue, at: "apps.name", "the app's name is empty")
            } else {
                apps.name = name
            }
        }
        if let apple = object["apple"], let fields = self.object(apple, at: "apps.apple") {
            checkKeys(fields, ["appIDs", "appStoreID", "webCredentials", "appClip"], at: "apps.apple")
            apps.appleAppIDs = strings(fields["appIDs"], at: "apps.apple.appIDs", Self.appIDProblem)
            apps.webCredentialAppIDs = strings(
                fields["webCredentials"], at: "apps.apple.webCredentials", Self.appIDProblem)
            if let value = fields["appClip"], let id = string(value, at: "apps.apple.appClip") {
                if let message = Self.appIDProblem(id) {
                    problem(.invalidValue, at: "apps.apple.appClip", message)
                } else {
                    apps.appClipID = id
                }
            }
            if let value = fields["appStoreID"], let id = string(value, at: "apps.apple.appStoreID") {
                if AppAssociations.isAppStoreID(id) {
                    apps.appStoreID = id
                } else {
                    problem(
                        .invalidValue, at: "apps.apple.appStoreID",
                        "'\(id)' is not an App Store ID: the digits of apps.apple.com/app/id1234567890")
                }
            }
        }
        if let android = object["android"], let fields = self.object(android, at: "apps.android") {
            checkKeys(fields, ["package", "sha256CertFingerprints"], at: "apps.android")
            if let value = fields["package"], let name = string(value, at: "apps.android.package") {
                if AppAssociations.isAndroidPackage(name) {
                    apps.androidPackage = name
                } else {
                    problem(
                        .invalidValue, at: "apps.android.package", "'\(name)' is not a package name (com.example.app)")
                }
            }
            apps.androidFingerprints = strings(
                fields["sha256CertFingerprints"], at: "apps.android.sha256CertFingerprints"
            ) {
                fingerprint in
                AppAssociations.isFingerprint(fingerprint)
                    ? nil : "'\(fingerprint)' is not a SHA-256 fingerprint: 32 uppercase hex pairs joined by ':'"
            }
        }
        return apps
    }

    /// What is wrong with an Apple app identifier, or `nil` when it is one.
    private static func appIDProblem(_ id: String) -> String? {
        AppAssociations.isAppleAppID(id)
            ? nil
            : "'\(id)' is not an app ID: a ten-character team ID, a dot and a bundle ID (ABCDE12345.com.example.app)"
    }
}
