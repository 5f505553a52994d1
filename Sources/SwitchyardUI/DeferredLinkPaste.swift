// UIPasteControl and SwiftUI's PasteButton exist on iOS 16 and later; the decisions are the core's `DeferredLinks`.
#if canImport(UIKit) && canImport(SwiftUI)
    import Foundation
    import SwiftUI
    import Switchyard
    import UIKit
    import UniformTypeIdentifiers

    /// The paste control of a first launch: the person pastes the claim link that "Get the app" copied before the
    /// install, and ``DeferredLinks`` redeems it and routes its target with the origin `deferred`. A paste control
    /// reads the clipboard because the person tapped it, so the system shows no alert.
    ///
    /// ```swift
    /// if showPaste {
    ///     DeferredLinkPasteButton(links: deferredLinks) { result in
    ///         showPaste = false
    ///         if case .success(.routed(let outcome)) = result { navigation.open(outcome) }
    ///     }
    /// }
    /// // decided once, on the first launch:
    /// .task {
    ///     let mayHold = await DeferredLinkClipboard.mayHoldWebURL()
    ///     showPaste = DeferredLinks.shouldOfferPaste(isFirstLaunch: isFirstLaunch, clipboardMayHoldWebURL: mayHold)
    /// }
    /// ```
    @available(iOS 16.0, *)
    public struct DeferredLinkPasteButton: View {
        private let links: DeferredLinks
        private let opened: @MainActor (Result<DeferredLinks.Opening, DeferredLinkError>) -> Void

        /// A paste button whose pasted text `links` opens; `opened` gets what came of it.
        public init(
            links: DeferredLinks,
            opened: @escaping @MainActor (Result<DeferredLinks.Opening, DeferredLinkError>) -> Void
        ) {
            self.links = links
            self.opened = opened
        }

        /// The system's paste button, which reads the clipboard on the person's tap only.
        public var body: some View {
            PasteButton(payloadType: String.self) { pasted in
                guard let text = pasted.first else { return }
                Task { @MainActor in opened(await DeferredLinkClipboard.open(text, with: links)) }
            }
        }
    }

    /// A UIKit paste control for the same: add ``control`` to the first screen; a paste opens the claim.
    ///
    /// ```swift
    /// let paste = DeferredLinkPasteTarget(links: deferredLinks) { result in … }
    /// view.addSubview(paste.control)
    /// ```
    @available(iOS 16.0, *)
    @MainActor
    public final class DeferredLinkPasteTarget: UIResponder {
        private let links: DeferredLinks
        private let opened: @MainActor (Result<DeferredLinks.Opening, DeferredLinkError>) -> Void
        /// The control to show; its target is this object.
        public private(set) lazy var control: UIPasteControl = {
            let control = UIPasteControl(configuration: UIPasteControl.Configuration())
            control.target = self
            return control
        }()

        /// A target whose control's pasted text `links` opens; `opened` gets what came of it.
        public init(
            links: DeferredLinks,
            opened: @escaping @MainActor (Result<DeferredLinks.Opening, DeferredLinkError>) -> Void
        ) {
            self.links = links
            self.opened = opened
            super.init()
            pasteConfiguration = UIPasteConfiguration(acceptableTypeIdentifiers: [
                UTType.url.identifier, UTType.plainText.identifier,
            ])
        }

        /// Opens the first pasted item's text as a claim link.
        public override func paste(itemProviders: [NSItemProvider]) {
            guard let provider = itemProviders.first else { return }
            _ = provider.loadObject(ofClass: NSString.self) { [links, opened] item, _ in
                guard let text = item as? NSString else { return }
                let pasted = String(text)
                Task { @MainActor in opened(await DeferredLinkClipboard.open(pasted, with: links)) }
            }
        }
    }

    /// What the app may learn of the clipboard without reading it, and the one place a pasted text is opened.
    @available(iOS 16.0, *)
    public enum DeferredLinkClipboard {
        /// Whether the clipboard probably holds a web link, asked of the system without a prompt; `nil` when it
        /// could not tell. Give it to ``DeferredLinks/shouldOfferPaste(isFirstLaunch:clipboardMayHoldWebURL:)``.
        @MainActor
        public static func mayHoldWebURL() async -> Bool? {
            await withCheckedContinuation { continuation in
                UIPasteboard.general.detectPatterns(for: [.probableWebURL]) { result in
                    switch result {
                    case .success(let patterns): continuation.resume(returning: patterns.contains(.probableWebURL))
                    case .failure: continuation.resume(returning: nil)
                    }
                }
            }
        }

        static func open(_ pasted: String, with links: DeferredLinks) async -> Result<
            DeferredLinks.Opening, DeferredLinkError
        > {
            do {
                return .success(try await links.open(pasted))
            } catch {
                return .failure(error)
            }
        }
    }
#endif
