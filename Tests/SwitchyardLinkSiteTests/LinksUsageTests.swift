import Testing

/// What `switchyard links` refuses as bad usage (exit 2) before it sends anything: no site runs at the address it
/// is given, so an answer could only come from the tool itself.
@Suite struct LinksUsageTests {
    @Test(
        "bad usage is said before anything is sent",
        arguments: [
            (["--utm", "source=a", "--utm", "source=b"], "error: --utm source is given twice\n"),
            (["--utm", "source"], "error: --utm is NAME=VALUE, not 'source'\n"),
            (
                ["--expires", "tomorrow"],
                "error: --expires is a time in ISO 8601, as 2026-12-31T23:59:59Z, not 'tomorrow'\n"
            ),
        ])
    func badUsage(options: [String], message: String) throws {
        let environment = ["SWITCHYARD_TOKEN": "sy_unused", "SWITCHYARD_SITE": "http://127.0.0.1:1"]
        let result = try SiteProcess.run(
            "switchyard", ["links", "create", "myapp://cart"] + options, environment: environment)
        #expect(result.status == 2)
        #expect(result.output == "")
        #expect(result.error == message)
    }
}
