/// Bounds for the nearest-miss search: which routes could come closest to matching a URL, so
/// that only those are explained.
///
/// A route's closeness (see ``MissReason/closeness``) is fixed by the point where its best
/// attempt failed: `literals × 4096 + position × 4 + kind`, where the attempt had matched some
/// prefix of one of the route's lines (a trie node reached at component `position`, with the
/// node's literal count) and then failed on the next element (`kind` 0 for a literal, 1 when
/// the URL or the line ended, 2 for a capture of the wrong type). A route whose whole path
/// matched failed only on its query and outranks every path failure.
///
/// Walking every trie node consistent with the URL therefore gives each group of lines an
/// upper bound on that closeness. The groups are explained in decreasing bound; once the best
/// closeness found is above the next bound, no unexplained route can beat it. The bound can only
/// over-estimate (a backtracking matcher may prune an attempt the walk counts), never miss; for
/// a straight-line route (one line, one way to match) the first group it is met in has exactly
/// its closeness, so such a route is diagnosed only if it wins.
struct NearMissGroup {
  /// Keys `subtreeKeys[start..<end]` of the index.
  var start: Int32
  var end: Int32
  var bound: Int
}

/// Reusable storage for the nearest-miss search, kept in a ``RouteLookup``: after it has grown
/// to the URLs it sees, explaining a miss allocates nothing.
struct NearScratch: Sendable {
  var groups = ScratchArray<NearMissGroup>(capacity: 64)
  /// (node, position) pairs still to walk.
  var pending = ScratchArray<Int32>(capacity: 32)
  /// (memoized node, position) pairs already walked or waiting to be.
  var seen = ScratchArray<Bool>(capacity: 64)
  /// Pairs walked since the scratch space was made (for tests).
  var walked = 0
}

extension Walker {
  /// Groups of keys with an upper bound on the closeness of their routes, in `scratch.groups`;
  /// every line in the trie is in at least one group.
  func nearMissGroups(_ scratch: inout NearScratch) {
    scratch.groups.reset()
    scratch.pending.reset()
    let index = trie.index
    let count = view.count
    scratch.seen.fill(false, count: index.memoCount * (count + 1))
    scratch.pending.append(0)
    scratch.pending.append(0)
    while scratch.pending.count > 0 {
      let position = Int(scratch.pending.removeLast())
      let current = Int(scratch.pending.removeLast())
      let node = nodes[current]
      scratch.walked += 1
      let rank = Int(node.literals) * 4096 + position * 4
      let start = index.subtreeStart[current]
      let end = index.subtreeEnd[current]
      let own = start + node.terminals.end - node.terminals.start
      func group(_ start: Int32, _ end: Int32, _ bound: Int) {
        scratch.groups.append(NearMissGroup(start: start, end: end, bound: bound))
      }
      /// Queues (child, position) unless it was queued before (a memoized node); false then.
      @discardableResult
      func walk(_ child: Int32, _ position: Int) -> Bool {
        let memo = nodes[Int(child)].memo
        if memo >= 0 {
          let stamp = Int(memo) * (count + 1) + position
          if scratch.seen[stamp] { return false }
          scratch.seen[stamp] = true
        }
        scratch.pending.append(child)
        scratch.pending.append(Int32(truncatingIfNeeded: position))
        return true
      }
      if position == count {
        // Lines ending here matched the whole path: only their query can have failed.
        if own > start { group(start, own, .max) }
        // Every other line wanted another component.
        if end > own { group(own, end, rank + 1) }
        continue
      }
      // Lines ending here leave a component over.
      if own > start { group(start, own, rank + 1) }
      // A literal child that is not this component fails here; the whole subtree stands in
      // for those children (the others get their own, higher bounds below).
      if node.hasLiterals {
        group(own, end, rank + 0)
        let literals = literalGroup(current, position)
        if literals >= 0 {
          let anyCase = position < view.anyCaseBelow
          for edge in groups[literals].edges.range {
            let literal = literalEdges[edge]
            if anyCase || equals(literal.text, view.text(position)) {
              walk(literal.child, position + 1)
            }
          }
        }
      }
      for other in node.others.range {
        let edge = otherEdges[other]
        if edge.kind >= PathIndex.kindRest {
          // A wildcard's child is reached only through it: once an end was queued, an earlier
          // run queued every later one (linear, as the search's loop in `Walker.wildcard`).
          for end in (position + 1)...count where !walk(edge.child, end) { break }
        } else if edge.takesAny
          || ValueGrammar.accepts(view.text(position), as: index.captureTypes[Int(edge.kind)])
        {
          walk(edge.child, position + 1)
        } else {
          let child = Int(edge.child)
          group(index.subtreeStart[child], index.subtreeEnd[child], rank + 2)
        }
      }
    }
  }
}

extension RouteTable {
  /// The route that came closest to matching, and why it failed; nil for an empty table.
  /// Ties go to the earlier route.
  public func nearestMiss(_ input: RoutingInput) -> (routeIndex: Int, reason: MissReason)? {
    nearestMiss(input, among: nil)
  }

  /// ``nearestMiss(_:)`` among the routes `eligible` accepts (every route when nil): the
  /// same search, which skips the others, so a router that serves some routes per URL (by
  /// source) pays no more than for the whole table.
  package func nearestMiss(_ input: RoutingInput, among eligible: ((Int) -> Bool)?)
    -> (routeIndex: Int, reason: MissReason)?
  {
    guard !routes.isEmpty else { return nil }
    var layout = URLLayout()
    layout.load(input)
    layout.fold()
    var scratch = NearScratch()
    return nearestMiss(
      layout, firstIsHost: input.firstComponentIsHost, &scratch, among: eligible)
  }

  /// ``nearestMiss(_:)`` for the components of `layout` (folded and hashed), with `scratch`
  /// for the search's storage.
  func nearestMiss(
    _ layout: URLLayout, firstIsHost: Bool, _ scratch: inout NearScratch,
    among eligible: ((Int) -> Bool)? = nil
  ) -> (routeIndex: Int, reason: MissReason)? {
    guard !routes.isEmpty else { return nil }
    withExtendedLifetime(layout) {
      trie.withWalker(componentsView(layout, first: 0, firstIsHost: firstIsHost)) {
        $0.nearMissGroups(&scratch)
      }
    }
    var groups = scratch.groups.mutableBuffer
    groups.sort { $0.bound > $1.bound }

    // Closeness first; only the winner's reason is built. A straight-line route's closeness
    // is the bound of the first group it is met in (see `Walker.nearMissGroups`), so it is
    // diagnosed only if it wins.
    var best = NearestCandidate()
    // On the stack for tables of usual size: no array to allocate per miss.
    withUnsafeTemporaryAllocation(of: Bool.self, capacity: routes.count) { explained in
      explained.initialize(repeating: false)
      if let eligible {
        // A route left out counts as explained: it is never considered.
        for route in 0..<routes.count where !eligible(route) { explained[route] = true }
      }
      // Routes too branchy to expand are not in the trie: always explained.
      for route in trie.index.fallbackRoutes {
        consider(Int(route), bound: .max, layout, firstIsHost, explained, &best)
      }
      for group in groups {
        if best.route >= 0, group.bound < best.closeness { break }
        for position in Int(group.start)..<Int(group.end) {
          let route = Int(trie.index.subtreeKeys[position] >> PathIndex.lineBits)
          // At an equal bound only an earlier route can still win the tie.
          if best.route >= 0, group.bound == best.closeness, route >= best.route { continue }
          consider(route, bound: group.bound, layout, firstIsHost, explained, &best)
        }
      }
    }
    guard best.route >= 0 else { return nil }
    if best.hasReason, let reason = best.reason { return (best.route, reason) }
    guard let reason = diagnose(routeAt: best.route, layout, first: 0, firstIsHost: firstIsHost)
    else { return nil }
    return (best.route, reason)
  }

  /// Ranks route `route`, met first in a group with bound `bound`, once, keeping it in `best`
  /// when it comes closer (or as close and earlier).
  ///
  /// The walk's bounds are exact for a straight-line route (literals and captures only): it
  /// has one way to match, which fails at one node of its one line, and the group made there
  /// for that failure (a literal that differs, a capture of the wrong type, a URL too short or
  /// too long) has the bound its diagnosis would give; every other group holding the line is
  /// made at an earlier node, with a smaller bound. Groups are met in decreasing bound, so the
  /// first one is that one. Other routes, and those whose whole path matched (bound `.max`,
  /// the query decides), are diagnosed.
  private func consider(
    _ route: Int, bound: Int, _ layout: URLLayout, _ firstIsHost: Bool,
    _ explained: UnsafeMutableBufferPointer<Bool>,
    _ best: inout NearestCandidate
  ) {
    guard !explained[route] else { return }
    explained[route] = true
    if bound < .max, routes[route].program.isLinear {
      guard best.isBeaten(by: route, closeness: bound) else { return }
      best.route = route
      best.closeness = bound
      best.hasReason = false
      return
    }
    guard let reason = diagnose(routeAt: route, layout, first: 0, firstIsHost: firstIsHost),
      best.isBeaten(by: route, closeness: reason.closeness)
    else { return }
    best.route = route
    best.closeness = reason.closeness
    best.hasReason = true
    best.reason = reason
  }
}

/// The nearest route so far in ``RouteTable/nearestMiss(_:firstIsHost:_:)``: plain fields, so
/// that the many updates of a search copy and release no reason they do not change.
struct NearestCandidate {
  /// The route, or -1 before the first.
  var route = -1
  var closeness = Int.min
  /// Whether `reason` is the route's (a straight-line route's is built once it has won).
  var hasReason = false
  var reason: MissReason?

  /// Whether route `route` with `closeness` replaces this one: closer, or as close and earlier.
  func isBeaten(by route: Int, closeness: Int) -> Bool {
    self.route < 0 || closeness > self.closeness
      || (closeness == self.closeness && route < self.route)
  }
}
