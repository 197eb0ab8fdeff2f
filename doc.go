// Package kayles plays Kayles and the other octal games: it computes the nim-values of heaps,
// proves their periods, and finds the outcome and the winning moves of any position, in
// normal and in misère play.
//
// Kayles is played on a row of pins. A move knocks down one pin, or two pins side by side;
// whoever knocks down the last pin wins. Knocking a pin out of the middle splits the row, so a
// position is a multiset of row lengths. By the Sprague–Grundy theorem a row of n pins is
// worth a nim-heap K(n), the mex of the nim-sums of its options, and a position is worth the
// nim-sum of its rows; the player to move loses exactly when that is 0.
//
//	K(n) = mex { K(a) ⊕ K(b) : a + b = n-1 or a + b = n-2 }
//
// K(n) is periodic with period 12 from n = 71 on (Guy & Smith 1956), so [K] answers for any n
// in O(1).
//
// # Rule sets
//
// Kayles is the octal game 0.77. An [Octal] is a rule set, given by its octal or hexadecimal
// code: [Kayles], [DawsonsKayles], [Officers] and the others are package-level
// values, [ParseOctal] reads any other code, and [NewSubtraction] builds subtraction games.
// The same parser reads the wider take-and-break notation: digits up to V, &N; for any digit,
// brace digits such as {2+}, the modifiers ! ? = and repeating tails, so that [Nim] (0.[3]),
// [GrundysGame] (4!.0) and [LaskersNim] (4.[3]) are rule sets too. [Octal.String] is the
// canonical code, which [ParseOctal] reads back.
//
// # Positions and moves
//
// A [Position] is a sum of heaps (Kayles rows), an immutable value in one normal form that ==
// compares; [NewPosition] and [ParsePosition] make one, and its zero value is the empty
// position. A [Move] takes tokens from one heap and leaves smaller heaps in row order.
// [Octal.Moves] lists the legal moves of a position and [Octal.Play] plays one, refusing an
// illegal move with a [*MoveError].
//
// # Nim-values and periods
//
// [Octal.Grundy] and [Octal.Values] give the nim-values of heaps, computed lazily by a mex
// engine and kept for every later call. [Octal.Period] proves a period by the periodicity
// theorem, or from the published closed forms of Nim (G(n) = n) and Lasker's Nim, whose
// values grow by a saltus; once a period is proven, every value costs O(1).
// [Octal.ApparentPeriod] reports what the values show, arithmetic periods included, without
// a proof. [Octal.Run] computes to research scale, with progress reports and checkpoints, and
// [Octal.Sequence] walks the values.
//
// # Winning moves
//
// [Octal.Value] is the nim-value of a position, [Octal.Outcome] says who wins it
// ([Previous] or [Next]), and [Octal.WinningMoves] and [Octal.WinningMove] give the moves
// that win, in the order of [Octal.Moves]. Once a period is known, Value and Outcome cost O(1)
// per heap, and the winning moves on a heap of any size come at a cost that depends on the
// period, not on the heap.
//
// # Misère play
//
// In misère play whoever cannot move wins. [Octal.MisereOutcome], [Octal.MisereWinningMoves]
// and [Octal.MisereWinningMove] answer for every rule set: misère Kayles by the Sibert–Conway
// rule ([MisereKaylesOutcome]) and misère Nim by Bouton's, for positions of any size; other
// games through a misère quotient when one covers the position, or else by a memoised search.
// [Octal.Genus] gives Conway's genus, [Octal.MisereValue] the misère nim-value and
// [Octal.Tame] tameness.
//
// [Octal.Quotient] computes misère quotients (Plambeck 2005; Plambeck & Siegel 2008): the
// positions made of heaps of at most n tokens fall into finitely many classes of positions
// that no added position tells apart, and the classes form a commutative monoid Q_n. Each
// heap h has a class Φ(h), a position's class is the product of its heaps' classes, and a set
// of classes, the P-portion, holds exactly the misère P-positions; so once Q_n is known,
// [Quotient.Outcome] and [Quotient.WinningMoves] answer for positions of any number of heaps
// in time linear in the heaps. For 0.75, Plambeck's R8:
//
//	Q = <a, b, c | a² = 1, b³ = b, bc = ab, c² = b²>, order 8, P-portion {a, b²}
//	Φ: 0 -> 1, 1 -> a, 2 -> b, 3 -> a, 4 -> b, 5 -> c, ..., and b, ab² alternately from heap 8
//
// Φ is proven periodic, so R8 is the quotient of the whole game: 0.75 with heaps of 30, 41 and
// 1000 is a misère N-position, as b·ab²·b = ab⁴ = ab² is not in the P-portion.
// [Octal.MisereOutcome] answers through a quotient that [Octal.UseQuotient] stored, or one it
// computes when that is cheap; [Octal.MisereQuotient] says which positions it covers.
// [ParseQuotient] reads a quotient's text form back and verifies it.
//
// # Limits and the contract
//
// The package keeps one contract with the programs that import it:
//
//   - No function panics on a value that can come from a user or a file: a heap size, a
//     position, a code, a text form, a checkpoint. Bad input gets an error that matches one of
//     the sentinels [ErrSyntax], [ErrRange], [ErrIllegalMove] or [ErrCheckpoint] with
//     errors.Is, and a struct with the details with errors.As ([*ParseError], [*RangeError],
//     [*MoveError], [*CheckpointError]); the input is left as it was. The only panics are
//     for programmer errors that no input causes: a method called on a nil *Octal, and the
//     Must functions, meant for package-level values and tests.
//   - A question that cannot be answered within a limit returns a [*LimitError], which wraps
//     [ErrTooLarge] and says which limit and what to do, never a zero value that reads as an
//     answer. The limits count work ([Limits]: steps of the value engine, steps of a misère
//     search), not heap sizes or tokens, so the same bound holds for every code; an Octal's
//     limits are its own ([Octal.WithLimits]). [Octal.Values], [Octal.Period] and
//     [Octal.Run] compute what they are asked for, with no work limit but the context.
//   - Every call that may compute takes a context.Context first and returns soon after it is
//     done (within 100 ms, and in practice within a millisecond, also in the middle of one
//     value or one search), with ctx's error and no partial answer. Cheap questions stay
//     cheap: K, and Grundy, Value, Outcome and WinningMoves once a period or closed form is
//     known, answer in O(1) per heap without waiting for anything.
//
// # Concurrency
//
// An Octal is safe for concurrent use; values computed by one goroutine serve all, and every
// Octal of one code shares them, with its memo and quotient ([ParseOctal] returns the Octal the
// process already holds). The memos of all games together stay within [SetMemoryBudget].
// Positions and Quotients never change once made, and are safe to share.
//
// # Conventions
//
// Sequences include heap 0: G(0), G(1), .... A game has preperiod n0 and period p when
// G(n+p) = G(n) for every n >= n0, both least. Play is normal play (whoever cannot move loses)
// unless a name says misère. The vocabulary is the same across the module:
//
//   - a heap (a Kayles row) has a size, an int >= 0, and a value G(n): Grundy is the value of
//     one heap; Value, Outcome and WinningMoves are about a position, a sum of heaps;
//   - the Misere prefix names the misère-play twin of a question: MisereOutcome,
//     MisereWinningMoves, MisereValue;
//   - a Move names the size of the heap it is played on (Move.Heap), how many tokens it takes
//     and the heaps it leaves in row order; the tables of package table number rows and heaps
//     from 1 for players instead;
//   - limits are Max* constants where they are fixed ([MaxValues]) and [Limits] fields where a
//     caller sets them.
//
// # Sub-packages
//
// Package [github.com/octalgames/kayles/table] gives game programs ready tables: table.New sets
// up one for any rule set that takes from one heap and leaves at most two (rows of pins or
// heaps, normal or misère, human and computer seats), with the presets Kayles (rows of 7, 10
// or 13 pins) and Standard Nim; every rule is checked, turns are taken safely, and there are
// undo, hints, a text form and graded computer opponents. Package
// [github.com/octalgames/kayles/graph] plays Node Kayles and Arc Kayles on graphs. Both use
// this package only through its API.
//
// # References
//
//   - Berlekamp, Conway & Guy, Winning Ways for your Mathematical Plays, ch. 4 and 13.
//   - Guy & Smith, The G-values of various games, Proc. Cambridge Philos. Soc. 52 (1956).
//   - Sibert & Conway, Mathematical Kayles, Int. J. Game Theory 20 (1992).
//   - Plambeck, Taming the wild in impartial combinatorial games, Integers 5 (2005).
//   - Plambeck & Siegel, Misère quotients for impartial games, J. Combin. Theory A 115 (2008).
//   - OEIS [A002186] (Kayles), [A002187] (Dawson's Chess).
//
// [A002186]: https://oeis.org/A002186
// [A002187]: https://oeis.org/A002187
package kayles

// This file holds the package documentation.
