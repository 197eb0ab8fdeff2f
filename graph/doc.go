// Package graph plays Kayles on graphs: Node Kayles and Arc Kayles, solved exactly in normal
// and misère play.
//
// # The games
//
// Both games are played on a simple undirected [Graph] by two players who move in turn.
//
//   - In Node Kayles ([NodeKayles], [NodeGame]) a move picks a vertex and removes it with all
//     its neighbours, so the vertices picked form an independent set.
//   - In Arc Kayles ([ArcKayles], [ArcGame]) a move picks an edge and removes both its ends,
//     with every edge at them, so the edges picked form a matching.
//
// In normal play the player who cannot move loses; in misère play that player wins. Node
// Kayles on the path of n vertices is Dawson's Chess on a heap of n, and Arc Kayles on it is
// Dawson's Kayles ([kayles.DawsonsChess], [kayles.DawsonsKayles] in the root package).
//
// # A worked example
//
// The Petersen graph ([Petersen]) is 3-regular on 10 vertices. Taking any vertex in Node
// Kayles removes it and its three neighbours and leaves a 6-cycle. A move on the 6-cycle
// leaves a path of 3 vertices, whose value is mex{0, 1} = 2, so the 6-cycle has value
// mex{2} = 0 and the Petersen graph has value mex{0} = 1: the player to move wins, with any
// vertex.
//
//	ctx := context.Background()
//	g := graph.Petersen()                              // or graph.ParseGraph6("IheA@GUAo")
//	v, err := graph.NodeKayles.Value(ctx, g)           // 1
//	wins, err := graph.NodeKayles.WinningMoves(ctx, g) // [0 1 2 3 4 5 6 7 8 9]
//	h, err := graph.NodeKayles.Play(g, wins[0])        // the 6-cycle, numbered 0..5
//
// # Conventions
//
// Vertices are numbered 0, ..., n-1. An edge is a pair {u, v}; the package writes it with
// u < v and takes it in either order. [Graph.String] writes the edge-list text that [Parse]
// reads ("4: 0-1 1-2 2-3"); [Graph.Graph6] writes graph6, the format of nauty and networkx,
// that [ParseGraph6] reads. A graph is immutable: [NodeGame.Play] and [ArcGame.Play] return a
// new graph, with the vertices left renumbered 0, 1, ... in their old order.
//
// A position's nim-value is its Value, as in the root package: in normal play the nim-sum of
// its components' values, and 0 exactly when the player to move loses. Its misère nim-value
// is its MisereValue: 1 for a position without moves, otherwise the mex of its options'
// misère nim-values; it too is 0 exactly when the player to move loses, but it does not add
// over components. An Outcome is [kayles.Previous] when the player to move loses and
// [kayles.Next] otherwise.
//
// # Costs and limits
//
// Deciding Node Kayles is PSPACE-complete in general (Schaefer 1978), so no solver is quick on
// every graph. These are exact: they search positions (vertex sets), split them into connected
// components, and remember each component's value under a canonical form, so that isomorphic
// components are solved once (in all but rare, highly symmetric cases, where a copy is solved
// again, never wrongly). Paths, cycles and other thin graphs of 64 vertices take milliseconds;
// random graphs of 40 vertices can take seconds, and random ones of 60 vertices far longer
// than the default limits allow. An Outcome stops at the first winning move and cancels
// isomorphic components, and so often costs much less than a Value.
//
// Three limits bound a solve, and a question past one gets a [*kayles.LimitError] (wrapping
// [kayles.ErrTooLarge]) that says which limit and what to do, never a zero value that reads
// as an answer:
//
//   - A connected component may have at most [MaxComponent] (64) vertices in normal play; in
//     misère play the whole graph may (in Arc Kayles, not counting vertices without edges).
//   - One call may do at most [Limits].Steps steps of work ([DefaultSteps] for the zero
//     Limits, about a second of one core on any graph): the canonical forms, the splits into
//     components, the moves and the look-ups in the memos all count.
//   - The memos of one solver hold at most [Limits].MemoBytes bytes ([DefaultMemoBytes] for the
//     zero Limits), forgetting what is used least, and the memos of the whole process within
//     the budget of [kayles.SetMemoryBudget]; each call also uses up to about 16 MB of
//     scratch memory while it runs.
//
// Graphs themselves have at most [MaxVertices] (131072) vertices, and a family such as
// [Complete] at most 2^23 edges, so that a short input cannot ask for gigabytes. A graph of
// many vertices is solved in normal play when its components are small, at a cost linear in
// its size beside theirs.
//
// # Contexts and concurrency
//
// Every call that may search takes a [context.Context] first, and returns ctx.Err() within
// 100 ms of ctx being done (in practice well under a millisecond, BenchmarkCancelLatency),
// also in the middle of a search or of the split of a large graph into components. It never
// returns a partial result; what it stored in the memo before it stopped is exact, so a later
// call goes on from there. Graphs, [NodeGame] and [ArcGame] are safe for concurrent use; the
// shared solvers [NodeKayles] and [ArcKayles] share their memos between all their callers.
//
// # Errors
//
// No function panics on input that can come from a user or a file: vertex counts, edges,
// family sizes, text and moves are checked, and a vertex number that is not a vertex of a
// graph has no neighbours. The errors come in the families of the root package, for
// [errors.Is] and [errors.As]:
//
//   - [Parse] and [ParseGraph6] return a [*kayles.ParseError] wrapping [kayles.ErrSyntax] or
//     [kayles.ErrRange], with the byte offset of the problem.
//   - [New] returns a [*GraphError] for a bad vertex count, an end that is not a vertex or a
//     loop; the families ([Path], [Grid], ...) return a [*kayles.RangeError] for a size out of
//     range. Both wrap [kayles.ErrRange].
//   - Play returns a [*MoveError] wrapping [kayles.ErrIllegalMove] for a move not on the graph.
//   - A solve returns a [*kayles.LimitError] past a limit, and ctx.Err() once ctx is done.
//
// [Must] and [MustParse] panic on an error instead; they are meant for package-level
// variables and tests, where the arguments are constants.
//
// # References
//
//   - Berlekamp, Conway & Guy, Winning Ways for your Mathematical Plays, ch. 4: Dawson's Chess
//     and Dawson's Kayles, the games on paths.
//   - T. J. Schaefer, On the complexity of some two-person perfect-information games, J.
//     Comput. System Sci. 16 (1978): Node Kayles is PSPACE-complete.
//   - Bodlaender, Kratsch & Timmer, Exact algorithms for Kayles, Theoret. Comput. Sci. (2015):
//     the connected vertex sets such a search meets.
//   - [OEIS A316632]: Node Kayles nim-values of the 3×n grid; its comments give the 2×n grid
//     (n mod 2, [OEIS A000035]) and the 4×n grid (all 0, [OEIS A000004]).
//   - [OEIS A316629]: Node Kayles nim-values of n linked 4-cycles.
//   - [OEIS A317367]: Node Kayles nim-values of the path with the extra edges {i, i+3}.
//   - [OEIS A000088]: the number of graphs on n vertices up to isomorphism, by which the tests
//     check the canonical forms.
//   - McKay & Piperno, Practical graph isomorphism, II, J. Symbolic Comput. 60 (2014): colour
//     refinement and individualisation, as the canonical forms use them.
//
// [OEIS A316632]: https://oeis.org/A316632
// [OEIS A316629]: https://oeis.org/A316629
// [OEIS A317367]: https://oeis.org/A317367
// [OEIS A000035]: https://oeis.org/A000035
// [OEIS A000004]: https://oeis.org/A000004
// [OEIS A000088]: https://oeis.org/A000088
package graph
