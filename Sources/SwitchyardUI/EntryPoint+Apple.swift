// Apple's entry-point types exist on Apple platforms only; the rules that map them are the core's (`EntryPoint`).
#if canImport(SwiftUI) || canImport(UIKit)
    import Foundation
    import Switchyard
    #if canImport(CoreSpotlight)
        import CoreSpotlight
    #endif
    #if canImport(UserNotifications)
        import UserNotifications
    #endif
    #if canImport(UIKit)
        import UIKit
    #endif

    extension EntryPoint {
        /// The activity type of a Spotlight result the app opens.
        public static var spotlightActivityType: String {
            #if canImport(CoreSpotlight)
                CSSearchableItemActionType
            #else
                "com.apple.corespotlightitem"
            #endif
        }

        /// A user activity: Handoff of a web page (a universal link), a Spotlight result (its item identifier), or the
        /// app's own activity with a `link` in its user info.
        public static func userActivity(_ activity: NSUserActivity) -> EntryPoint {
            #if canImport(CoreSpotlight)
                let identifier = activity.userInfo?[CSSearchableItemActivityIdentifier] as? String
            #else
                let identifier: String? = nil
            #endif
            return .userActivity(
                type: activity.activityType, webpageURL: activity.webpageURL?.absoluteString, identifier: identifier,
                userInfo: EntryText.strings(activity.userInfo))
        }

        #if canImport(UserNotifications)
            /// The notification the person opened: its payload's `link`, the rest as context.
            public static func notification(_ response: UNNotificationResponse) -> EntryPoint {
                .notification(payload: EntryText.strings(response.notification.request.content.userInfo))
            }
        #endif

        #if canImport(UIKit) && !os(watchOS)
            /// A Home Screen quick action: its type and user info.
            public static func shortcut(_ item: UIApplicationShortcutItem) -> EntryPoint {
                .shortcut(type: item.type, userInfo: EntryText.strings(item.userInfo))
            }
        #endif
    }

    extension LinkQueue {
        /// Routes a user activity's link with its origin; an activity without one is left to the app.
        func route(_ activity: NSUserActivity) {
            if let entry = try? EntryPoint.userActivity(activity).link() { route(entry) }
        }
    }
#endif
