#!/usr/bin/env python3
"""Removes each refusal the docs promise, one at a time, and checks that a test fails.

Each row names a refusal, the file that makes it, the code that makes it, the same code without it, and the tests to
run (a `swift test --filter`). For each row the script edits the file, builds the tests, runs the filter, and puts the
file back, whatever happens. A row whose tests still pass prints NOT CAUGHT: a promise that no test keeps.

Run it from the package's root, by hand (about 90 s a row on 2 cores): `python3 Tests/Mutations/refusals.py [M1 M4 …]`.
It is not part of `.ci/run`, which it would lengthen by half an hour; run it when a refusal is added or moved.
"""
import subprocess
import sys
from pathlib import Path

root = Path(__file__).resolve().parents[2]
muts = [
 ("M1 a link without origin admitted by a route that names origins","Sources/Switchyard/Access/RouteAccess.swift","return origin.map(origins.contains) ?? false","return origin.map(origins.contains) ?? true","SwitchyardTests"),
 ("M2 no origin skips confirmation","Sources/Switchyard/Access/RouteAccess.swift","confirms && origin?.isInsideApp != true","confirms && origin?.isInsideApp == false","SwitchyardTests"),
 ("M3 refused link falls to other routes/default","Sources/Switchyard/Routing/Router+Dispatch.swift","guard admitted.isEmpty, let refused","guard Bool(\"false\") ?? false, let refused","SwitchyardTests"),
 ("M4 x-callback own scheme","Sources/Switchyard/Launching/XCallback.swift","if ownSchemes.contains(lowered), !allowsOwnSchemes {","if Bool(\"false\") ?? false, ownSchemes.contains(lowered), !allowsOwnSchemes {","XCallback"),
 ("M5 x-callback control char","Sources/Switchyard/Launching/XCallback.swift","guard !LinkEncoding.hasControl(target) else","guard Bool(\"true\") ?? true else","XCallback"),
 ("M6 x-callback too long","Sources/Switchyard/Launching/XCallback.swift","guard joined.utf8.count <= policy.maxLinkLength else","guard Bool(\"true\") ?? true else","XCallback"),
 ("M7 entry point context bound","Sources/Switchyard/Access/EntryPoint.swift","guard values.count <= maxContextValues, bytes <= maxContextBytes else","guard Bool(\"true\") ?? true else","SwitchyardTests"),
 ("M8 short link loop","Sources/SwitchyardWebLinks/ShortLinks/ShortLinkRules.swift","if let site, (try? site.slug(of: link)) != nil {","if Bool(\"false\") ?? false, let site, (try? site.slug(of: link)) != nil {","ShortLinkRules|AdminAPI"),
 ("M9 web host not allowed","Sources/SwitchyardWebLinks/ShortLinks/ShortLinkRules.swift","guard webHosts.contains(host) else {","guard Bool(\"true\") ?? true else {","ShortLinkRules|AdminAPI"),
 ("M10 control characters in texts","Sources/SwitchyardWebLinks/ShortLinks/ShortLinkRules.swift","if text.unicodeScalars.contains(where: { $0.value < 0x20","if Bool(\"false\") ?? false, text.unicodeScalars.contains(where: { $0.value < 0x20","ShortLinkRules|AdminAPI"),
 ("M11 text length","Sources/SwitchyardWebLinks/ShortLinks/ShortLinkRules.swift","if text.utf8.count > max {","if Bool(\"false\") ?? false, text.utf8.count > max {","ShortLinkRules|AdminAPI"),
 ("M12 slug length","Sources/Switchyard/ShortLinks/Slug.swift","guard bytes.count <= Self.maxLength else {","guard Bool(\"true\") ?? true else {","SwitchyardTests|AdminAPI"),
 ("M13 csv @","Sources/SwitchyardLinkSite/API/Link+Stored.swift","[\"=\", \"+\", \"-\", \"@\", \"\\t\", \"\\r\"]","[\"=\", \"+\", \"-\", \"\\t\", \"\\r\"]","AdminAPI"),
 ("M14 x-callback data scheme","Sources/Switchyard/Launching/XCallback.swift","[\"javascript\", \"data\", \"vbscript\"","[\"javascript\", \"vbscript\"","XCallback"),
 ("M15 body over 64 KB","Sources/SwitchyardLinkSite/Middleware/RequestBodyLimit.swift","body = try await request.collectBody(upTo: Self.maxSize)","body = try await request.collectBody(upTo: .max)","LinkSiteHTTP|ClaimTests|AdminAPI"),
 ("M16 a site's answer on any https host is followed","Sources/Switchyard/ShortLinks/ShortLinkResolver.swift","if let host = httpsHost(of: target), webHosts.contains(host) { return false }","if httpsHost(of: target) != nil { return false }","ShortLink|DeferredLinks"),
 ("M17 claim token shape","Sources/Switchyard/DeferredLinks/ClaimToken.swift","guard bytes.count == Self.length, bytes.allSatisfy(Slug.isAllowed) else {","guard bytes.count == Self.length else {","SwitchyardTests|ClaimTests"),
 ("M18 allowed hosts","Sources/Switchyard/URLs/SplitRun+Authority.swift","guard let keptAsHost, allowed.contains(ExactText(keptAsHost)) else {","guard Bool(\"true\") ?? true else {","SwitchyardTests"),
 ("M19 the refusal of a link from the site itself in claims","Sources/Switchyard/ShortLinks/ShortLinkResolver.swift","if router.canRoute(target) { return true }","if router.canRoute(target) || target.hasPrefix(\"javascript:\") { return true }","ShortLink|DeferredLinks"),
]


def main(only):
    missed = 0
    for name, path, old, new, tests in muts:
        if only and name.split()[0] not in only:
            continue
        file = root / path
        text = file.read_text()
        if old not in text:
            print(f"{name}: the code is not there any more; update the row", flush=True)
            missed += 1
            continue
        file.write_text(text.replace(old, new, 1))
        try:
            build = subprocess.run(["swift", "build", "--build-tests"], cwd=root, capture_output=True, text=True)
            if build.returncode != 0:
                print(f"{name}: the mutant does not build\n{build.stdout[-800:]}", flush=True)
                missed += 1
                continue
            run = subprocess.run(
                ["swift", "test", "--skip-build", "--filter", tests], cwd=root, capture_output=True, text=True)
            failed = [line[7:90] for line in run.stdout.splitlines() if line.startswith("✘ Test") and "failed after" in line]
            caught = run.returncode != 0
            missed += 0 if caught else 1
            print(f"{name}: {'caught by ' + '; '.join(failed[:2]) if caught else 'NOT CAUGHT'}", flush=True)
        finally:
            file.write_text(text)
    subprocess.run(["swift", "build", "--build-tests"], cwd=root, capture_output=True)
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main(sys.argv[1:])
