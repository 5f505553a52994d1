#!/usr/bin/env bash
# QR codes made a second by SwitchyardQR (release, ordo-one/benchmark) and, in the same run on the same texts, by
# zxing-cpp's encoder (C++, through its Python module from PyPI: Tests/QR/requirements.txt), the same one CI decodes
# with. zxing-cpp's figure includes a Python call (about 0.1 µs, measured below as the floor).
#
#     Benchmarks/QR/run.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift package --allow-writing-to-package-directory benchmark --target QRBenchmarks --format markdown --no-progress \
    2>/dev/null | grep -E "^(### |\| (Throughput|Time \(wall clock\)|Malloc))" || true
python3 - <<'PYTHON'
import time
import zxingcpp

link = "https://go.shop.example.com/s/spring-sale-2027"
largest = "https://go.shop.example.com/s/" + "x" * (2953 - 30)


def rate(function, seconds=3.0):
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(100):
            function()
        count += 100
    return count / (time.perf_counter() - start)


print("\nzxing-cpp (PyPI), the same texts (codes a second):")
for name, text, level in [("Encode_TypicalLink_M", link, "M"), ("Encode_TypicalLink_H", link, "H"),
                          ("Encode_Version40_L", largest, "L")]:
    print("  %-22s %10.0f" % (name, rate(lambda: zxingcpp.create_barcode(text, zxingcpp.BarcodeFormat.QRCode,
                                                                            ec_level=level))))
print("  %-22s %10.0f" % ("floor: a Python call", rate(lambda: len(link))))
PYTHON
