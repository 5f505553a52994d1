import Benchmark
import SwitchyardQR

// QR codes made a second: a typical short link (version 3 at M), the same link at H, and the largest code there is
// (version 40 at L, 2,953 bytes); then the typical code drawn as the console serves it, SVG and a 512-pixel PNG.
// QR/run.sh runs these beside zxing-cpp's encoder on the same texts.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal], warmupIterations: 20, maxDuration: .seconds(3),
        maxIterations: 100_000)

    let link = "https://go.shop.example.com/s/spring-sale-2027"
    let largest = "https://go.shop.example.com/s/" + String(repeating: "x", count: 2_953 - 30)
    for (name, text, correction) in [
        ("Encode_TypicalLink_M", link, QRCode.Correction.medium), ("Encode_TypicalLink_H", link, .high),
        ("Encode_Version40_L", largest, .low),
    ] {
        Benchmark(name) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try? QRCode(text, correction: correction)) }
        }
    }
    Benchmark("EncodeAndDrawSVG_TypicalLink_M") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? QRCode(link).svg(size: 512)) }
    }
    Benchmark("EncodeAndDrawPNG512_TypicalLink_M") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? QRCode(link).png(size: 512)) }
    }
}
