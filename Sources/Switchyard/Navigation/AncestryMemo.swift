/// What the placement check needs of each route's ancestry (its parents, theirs, and so on), worked out once per
/// route from its parents' answers: whether a cycle of parents is reachable, and the parameter shapes its ancestors
/// have. A file's check then reads each route's parents once, however deep its chains of parents are; working each
/// route's ancestry out afresh cost a chain of *d* routes *d*³ steps (1,000 deep took half a minute).
///
/// Routes are visited with an explicit stack, not recursion: a chain of parents as deep as a file allows must not
/// reach a thread's stack limit.
struct AncestryMemo {
    /// The parameters an ancestor's pattern names, and the sets that its expansions name: what a descendant's link
    /// must fill it with (one of `needed`, restricted to `names`).
    struct ParameterShape: Hashable {
        let names: Set<String>
        let needed: Set<Set<String>>

        init(_ pattern: RoutePattern) {
            names = Set(pattern.parameterNames)
            needed = Set(pattern.expanded.map { Set($0.parameterNames) })
        }
    }

    /// An ancestor's shape, and the first ancestor (in the navigator's order, farthest first) that has it.
    struct AncestorShape {
        let shape: ParameterShape
        let ancestor: String
    }

    /// What a route's ancestry comes to.
    struct Answer {
        /// A cycle of parents reachable from the route, as the routes on it, the first repeated at the end.
        var cycle: [String]?
        /// The distinct shapes of the ancestors that take parameters, each once; empty when there is a cycle.
        var shapes: [AncestorShape] = []
    }

    private enum State {
        case visiting
        case done(Answer)
    }

    /// One route on the stack: its parents, the next to look at, and the first cycle found through them.
    private struct Frame {
        let name: String
        let parents: [String]
        var next = 0
        var cycle: [String]?
    }

    private let navigation: Navigation
    private let pattern: (String) -> RoutePattern?
    private var states: [String: State] = [:]
    private var shapes: [String: ParameterShape?] = [:]
    /// How many times a route's parents were read: once a route, which a test counts.
    private(set) var parentLookUps = 0

    init(navigation: Navigation, pattern: @escaping (String) -> RoutePattern?) {
        self.navigation = navigation
        self.pattern = pattern
    }

    /// The ancestry of the route named `name`.
    mutating func answer(for name: String) -> Answer {
        if case .done(let answer)? = states[name] { return answer }
        var stack = [open(name)]
        var positions = [name: 0]
        while let top = stack.last {
            let index = stack.count - 1
            guard top.next < top.parents.count else {
                stack.removeLast()
                positions[top.name] = nil
                states[top.name] = .done(finish(top))
                continue
            }
            let parent = top.parents[top.next]
            stack[index].next += 1
            switch states[parent] {
            case .visiting?:
                if stack[index].cycle == nil, let start = positions[parent] {
                    stack[index].cycle = stack[start...].map(\.name) + [parent]
                }
            case .done(let answer)?:
                if stack[index].cycle == nil { stack[index].cycle = answer.cycle }
            case nil:
                positions[parent] = stack.count
                stack.append(open(parent))
            }
        }
        if case .done(let answer)? = states[name] { return answer }
        return Answer()
    }

    private mutating func open(_ name: String) -> Frame {
        states[name] = .visiting
        parentLookUps += 1
        return Frame(name: name, parents: navigation.placement(of: name).parents)
    }

    /// A route's answer from its parents', all done: the first cycle, or the parents' shapes then each parent's
    /// own, each shape once.
    private mutating func finish(_ frame: Frame) -> Answer {
        // A cycle met on the way (a parent still on the stack), or one a parent found after it was pushed.
        let found = frame.parents.lazy.compactMap { [states] parent -> [String]? in
            if case .done(let answer)? = states[parent] { answer.cycle } else { nil }
        }.first
        if let cycle = frame.cycle ?? found { return Answer(cycle: cycle) }
        var result: [AncestorShape] = []
        for parent in frame.parents {
            guard case .done(let answer)? = states[parent] else { continue }
            // A single parent whose own shape its ancestors have already: its list, shared, not copied.
            if result.isEmpty, frame.parents.count == 1,
                shape(of: parent).map({ own in
                    answer.shapes.contains { $0.shape == own }
                }) ?? true
            {
                return Answer(shapes: answer.shapes)
            }
            for ancestor in answer.shapes where !result.contains(where: { $0.shape == ancestor.shape }) {
                result.append(ancestor)
            }
            if let own = shape(of: parent), !result.contains(where: { $0.shape == own }) {
                result.append(AncestorShape(shape: own, ancestor: parent))
            }
        }
        return Answer(shapes: result)
    }

    /// The shape of the route named `name`, when it takes parameters; worked out once a name.
    private mutating func shape(of name: String) -> ParameterShape? {
        if let known = shapes[name] { return known }
        let shape = pattern(name).map(ParameterShape.init).flatMap { $0.names.isEmpty ? nil : $0 }
        shapes[name] = shape
        return shape
    }
}
