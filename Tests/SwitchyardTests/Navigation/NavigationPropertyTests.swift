import PropertyBased
import Switchyard
import Testing

/// Plans against generated trees: applying a plan gives its target, no step removes what the target keeps, the
/// link's screen ends on top, and the same link planned again gives no steps.
@Suite("Navigation properties")
struct NavigationPropertyTests {
    static let links = [
        "/", "/product/7", "/product/8", "/product/7/reviews", "/product/7/reviews/2", "/category/shoes", "/search",
        "/user/me", "/orders/9", "/cart", "/tab/cart", "/login", "/promo/XMAS", "/promo/SALE", "/promo/XMAS/terms",
        "/checkout", "/checkout/address", "/help/a", "/anonymous/1", "myapp://product/7",
        "https://shop.example.com/product/7/reviews", "myapp://item/7",
    ]
    /// Screens a generated tree holds anywhere, reachable or not.
    static let screens = [
        "/product/7", "/product/8", "/product/7/reviews", "/category/shoes", "/search", "/orders/9", "/anonymous/1",
        "/promo/XMAS", "/promo/XMAS/terms", "/checkout", "/checkout/address",
    ]

    /// A tree from a recipe: the first number selects a tab; each next one pushes a screen in a tab, presents a
    /// sheet or a cover, or pushes in the top presentation.
    static func tree(from recipe: [Int], navigator: Navigator) throws -> NavigationTree {
        var tree = navigator.coldStart()
        tree.selectedTab = tree.tabs[(recipe.first ?? 0) % tree.tabs.count].name
        for number in recipe.dropFirst() {
            let screen = try navigator.screen(for: screens[(number / 6) % screens.count])
            switch number % 6 {
            case 0, 1, 2: tree.tabs[number % 6].path.append(screen)
            case 3: tree.presentations.append(NavigationTree.Presentation(style: .sheet, screen: screen))
            case 4: tree.presentations.append(NavigationTree.Presentation(style: .cover, screen: screen))
            default:
                if !tree.presentations.isEmpty { tree.presentations[tree.presentations.count - 1].path.append(screen) }
            }
        }
        return tree
    }

    @Test func plansOfGeneratedTreesAndLinksHoldTheirPromises() async throws {
        let navigators = try WarmPolicy.allCases.map { try NavigationFixture.navigator(warm: $0) }
        await propertyCheck(
            count: 3_000, input: Gen.int(in: 0...200).array(of: 0...14), Gen.int(in: 0...(Self.links.count - 1)),
            Gen.int(in: 0...2)
        ) { recipe, linkIndex, policy in
            let link = Self.links[linkIndex]
            let navigator = navigators[policy]
            let tree = try Self.tree(from: recipe, navigator: navigator)
            let plan = try navigator.plan(opening: link, from: .warm(tree))
            #expect(tree.applying(plan.steps) == plan.target)
            Self.expectNothingKeptIsRemoved(plan, from: tree)
            let isRoot = ["/", "/user/me", "/cart", "/tab/cart", "/login"].contains(link)
            if !isRoot { #expect(plan.target.topScreen == plan.screen) }
            #expect(try navigator.plan(opening: link, from: .warm(plan.target)).isEmpty)
        }
    }

    /// Walks the steps: a dismissed presentation or a popped screen must not be one the target keeps (the same
    /// screen at the same place, over the same screens).
    static func expectNothingKeptIsRemoved(_ plan: NavigationPlan, from tree: NavigationTree) {
        var state = tree
        for step in plan.steps {
            switch step {
            case .dismiss:
                let top = state.presentations.count - 1
                let same = { (a: NavigationTree.Presentation, b: NavigationTree.Presentation) in
                    a.style == b.style && a.screen == b.screen
                }
                let kept =
                    plan.target.presentations.count > top
                    && zip(state.presentations, plan.target.presentations).prefix(top + 1).allSatisfy(same)
                #expect(!kept, "dismissed a presentation the target keeps: \(step)")
            case .pop(let keeping, let location):
                let current = stack(at: location, in: state)
                let target = stack(at: location, in: plan.target)
                let kept = target.count > keeping && target.prefix(keeping + 1) == current.prefix(keeping + 1)
                #expect(!kept, "popped a screen the target keeps: \(step)")
            default:
                break
            }
            state.apply(step)
        }
    }

    static func stack(at location: NavigationTree.Location, in tree: NavigationTree) -> [NavigationTree.Screen] {
        switch location {
        case .main: tree.path
        case .tab(let name): tree.tabs.first { $0.name == name }?.path ?? []
        case .presentation(let index): tree.presentations[index].path
        }
    }
}
