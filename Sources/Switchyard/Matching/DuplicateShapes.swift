/// A table's record of the shapes its registrations have, which finds duplicates in one lookup a registration.
///
/// Two routes are duplicates when they are in the same table and their patterns have the same shape: the same
/// expansions, segment by segment, parameter names aside (and literal case, in a router that folds it). This is the
/// one definition of duplicates: `RouteCheck` (``Router/check()``) reports the routes it marks.
///
/// A registration's shape is where its expansions' entries ended up in the trie (``TrieTerminal``), which the trie
/// makes the same exactly for the same shape. A pattern without optional groups, the usual case, has one expansion:
/// its owner is kept by trie node (or wildcard list) in a list that grows with the trie, 4 bytes a node and no
/// hashing; the shapes of patterns with groups are kept by their terminals in a dictionary.
struct DuplicateShapes: Sendable {
    private var endingAt = ChunkedList<ShapeOwner>()
    private var waitingAt: [ShapeOwner] = []
    private var grouped: [[TrieTerminal]: ShapeOwner] = [:]

    /// The shape of a registration: where its expansions ended up in the trie, in the pattern's order.
    enum Shape {
        case single(TrieTerminal)
        case grouped([TrieTerminal])
    }

    /// Records a registration, whose first entry is `firstEntry`, as an owner of `shape`.
    /// - Returns: who owned the shape before: nobody for a new shape; the first entry of the registration that
    ///   brought it, for its first duplicate; or `duplicated`, when it has duplicates already.
    mutating func claim(_ shape: Shape, firstEntry: Int) -> ShapeOwner.State {
        switch shape {
        case .single(.ending(let node)):
            while endingAt.count <= node { endingAt.append(ShapeOwner()) }
            return endingAt[node].claim(firstEntry: firstEntry)
        case .single(.waitingForWildcard(let list)):
            while waitingAt.count <= list { waitingAt.append(ShapeOwner()) }
            return waitingAt[list].claim(firstEntry: firstEntry)
        case .grouped(let terminals):
            return grouped[terminals, default: ShapeOwner()].claim(firstEntry: firstEntry)
        }
    }
}

/// Who owns a shape, in 4 bytes (a table keeps one for each trie node): nobody yet, the registration that brought it
/// (by its first entry), or several.
struct ShapeOwner: Sendable {
    /// `Int32.min` for nobody, -1 for several, else the first entry of the one registration.
    private var raw = Int32.min

    enum State: Equatable {
        case unclaimed
        case registration(firstEntry: Int)
        case duplicated
    }

    var state: State {
        switch raw {
        case .min: .unclaimed
        case -1: .duplicated
        default: .registration(firstEntry: Int(raw))
        }
    }

    /// Adds a registration, whose first entry is `firstEntry`, to the owners.
    /// - Returns: the state before.
    mutating func claim(firstEntry: Int) -> State {
        let earlier = state
        raw = earlier == .unclaimed ? Int32(firstEntry) : -1
        return earlier
    }
}
