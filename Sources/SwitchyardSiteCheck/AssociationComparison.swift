extension AssociationRules {
    /// How `live` differs from these rules, the ones the route file gives, in words: a rule missing or extra, the
    /// same rules in another order, apps and fingerprints missing or extra. Empty when they say the same.
    ///
    /// The comparison is of meaning, not bytes: the rules are read with their defaults resolved, and comments do
    /// not count. Order counts, because the first rule that matches a link decides.
    package func differences(from live: AssociationRules) -> [String] {
        var found: [String] = []
        let missing = components.filter { !live.components.contains($0) }
        let extra = live.components.filter { !components.contains($0) }
        found += missing.map { "rule missing: \($0)" }
        found += extra.map { "rule not in the route file: \($0)" }
        if missing.isEmpty, extra.isEmpty, components != live.components {
            found.append("the rules are in another order, and the first rule that matches a link decides")
        }
        found += Self.setDifferences("web credentials app", webCredentialApps, live.webCredentialApps)
        found += Self.setDifferences("App Clip", appClips, live.appClips)
        found += Self.setDifferences("certificate fingerprint", fingerprints, live.fingerprints)
        return found
    }

    private static func setDifferences(_ what: String, _ expected: Set<String>, _ live: Set<String>) -> [String] {
        expected.subtracting(live).sorted().map { "\(what) missing: \($0)" }
            + live.subtracting(expected).sorted().map { "\(what) not in the route file: \($0)" }
    }
}
