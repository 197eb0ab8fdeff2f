// Package table provides game tables and computer players for programs that let people play
// Kayles, Standard Nim and any take-and-break game whose moves take from one heap and leave at
// most two: a table holds one game, checks every rule, keeps the history for undo, gives
// hints, and reads and writes a text form that restores the game exactly.
//
// It is a wing of package [kayles] and uses only its public API: the rule sets 0.77 (Kayles)
// and 0.[3] (Nim) answer every question of who wins and how, and a table hands them its
// position as a [kayles.Position]. Each table captures its rule set when the package is
// loaded, so reassigning [kayles.Kayles] or [kayles.Nim] changes no table.
//
// # Tables
//
// A [Kayles] table is one row of pins, numbered 1 to [Kayles.Size] from the left; a move
// knocks down one standing pin, or two standing pins side by side ([KaylesMove]). A [Nim]
// table is several heaps of objects, numbered 1, 2, ... in setup order; a move takes one or
// more objects from one heap ([NimMove], whose Index is the heap's number, not its size).
// Both take their play convention first in their constructors, [NewKayles] and [NewNim]:
//
//	k, err := table.NewKayles(table.Normal, table.Medium) // 10 pins; whoever knocks down the last pin wins
//	n, err := table.NewNim(table.Misere, 1, 3, 5, 7)      // whoever takes the last object loses
//
// Both have the same methods for the same things: Convention, Player (0 moved first, 1 is the
// other) and Winner; History, and for Kayles Moves, as values of the table's move type; Play
// for such a value, and Knock(pins...) or Take(index, count) for numbers a player typed; Undo;
// Hint(ctx); String, AppendText, MarshalText and UnmarshalText; and a [Computer] plays either
// ([Computer.PlayKayles], [Computer.PlayNim]). The zero value of each is a fresh table in
// [Normal] play, the zero [Convention]: 10 pins ([DefaultSize]), or heaps of 1, 3, 5 and 7.
// The limits are [MaxPins], [MaxHeaps] and [MaxHeapSize].
//
// # Tables of any rule set
//
// A [Table] plays any rule set of package kayles whose moves take tokens from one heap and
// leave at most two heaps (Kayles, Dawson's Kayles, Guiles, Officers, Nim, ...), set up by a
// [Setup]: the rule set, a [Layout] of [Rows] of pins (a move knocks down pins side by side in
// one row) or [Heaps] (a move takes a count from one heap), the starting rows or heaps, the
// convention, two seats ([Human] or a computer [Level]) and a seed. [KaylesSetup] and
// [NimSetup] are the presets, whose tables write the text forms of the [Kayles] and [Nim]
// tables; a Kayles or a Nim table is such a Table, seen through its own moves. Rules are
// checked by the rule set, so a new code needs no new table code:
//
//	t, err := table.New(table.Setup{Rules: kayles.DawsonsKayles, Start: []int{7, 9}})
//	err = t.Play(t.Turn(), table.Move{Row: 2, Pin: 4, Count: 2}) // refused if another move came first
//
// [Table.Play] names the move number it is for and is refused with [ErrStale] when another
// move or an undo came first, so two requests racing for one turn cannot both land, and
// [Computer.Play] (or [Table.PlayComputer] for a computer seat) chooses and plays as one step.
// [Table.UndoTo] takes back moves to a player's turn; [Restore] reads the text form of every
// table, seats and seed included, and a restored table continues exactly. Its errors have no
// package prefix: a [*PlayError] carries the sentinel and the offending pin or heap.
//
// # Text forms
//
// The text form of a table names the game, its setup and every move played, so that it
// stores a game and restores it move by move:
//
//	kayles 10 normal moves 5-6 1
//	nim misere 1 3 5 7 moves 4:7
//
// A move of Kayles is written as its pin or its two pins joined by '-', lower pin first, as
// [KaylesMove.String] writes it; a move of Nim as index:count, as [NimMove.String] writes it.
// UnmarshalText replays and checks every move, and leaves the table as it was when the text is
// not a game that can be played.
//
// # Computer players
//
// One mechanism plays the computer's side at every table: a [Computer], a [Level] and a seed.
// It plays a [Table] with [Computer.Play], a Kayles table with [Computer.PlayKayles] and a Nim
// table with [Computer.PlayNim]; a Table's computer seats are Computers of their levels, played
// with [Table.PlayComputer]. Each choice and its move are one step, and each returns the move
// played and its [Verdict]. The levels run from [Random] (any legal move) through [Easy],
// [Fair] and [Hard] (a perfect move one time in four, two, three) to [Perfect], and
// [Symmetry] mirrors the other player on one row in normal play. A choice depends only on the
// table, the move number and the seed, so a game between two Computers is the same again. A
// game of Kayles between a person, who moves first, and the perfect player:
//
//	ctx := context.Background()
//	t, err := table.NewKayles(table.Normal, table.Medium)
//	if err != nil {
//		return err
//	}
//	computer := table.Computer{Level: table.Perfect, Seed: 1}
//	for {
//		if winner, over := t.Winner(); over {
//			fmt.Println("player", winner, "wins")
//			return nil
//		}
//		if t.Player() == 1 {
//			m, _, err := computer.PlayKayles(ctx, t)
//			if err != nil {
//				return err // ctx is done
//			}
//			fmt.Println("the computer knocks down", m)
//			continue
//		}
//		pins := readPins() // the pins the person typed, such as 4 5
//		if err := t.Knock(pins...); err != nil {
//			fmt.Println(err) // such as "cannot knock down pin 4: pin 4 is already down"
//		}
//	}
//
// Kayles.Undo and Nim.Undo take back one move, and [Table.UndoTo] takes back moves to a
// player's turn, such as the person's move and the computer's reply.
//
// [Kayles.Hint] and [Nim.Hint] say what the perfect player would play, the first of equally
// good moves, and whether that move wins against any defence; [Table.Hint] and the Computers
// give a [Verdict]: the move wins, or no move wins, or (past the search's limit) the move is
// not proven.
//
// # Perfect play
//
// Hints and the perfect player play by the theory of impartial games, as package kayles
// computes it: in normal Kayles by the nim-values of Sprague and Grundy (Guy & Smith 1956:
// periodic with period 12 from row 71 on), in misère Kayles by the rule of Sibert and Conway
// ("Mathematical Kayles", Int. J. Game Theory 20, 1992), and in Nim by Bouton's rules (Annals
// of Mathematics 3, 1901) in both conventions. In a lost position no move wins; the perfect
// player then takes as little as it can and leaves the most replies that do not win.
//
// # Contract
//
// No function or method of this package panics on input from a user or a file: pins, heap
// numbers, counts, setup sizes, play conventions and stored text of any value are checked and
// refused with an error. Every call that may compute takes a [context.Context] first (the
// hints and the computers' choices) and returns ctx's error, and no move, once ctx is done;
// the other methods do no search: they cost what reading their input or the table costs.
// A hint or a computer whose search reaches the rule set's limit still returns a legal move,
// the best it found, with the [Verdict] [Unproven] and no error: a computer always moves, at
// the cost that [New] states. Only ctx ends a choice without a move.
//
// # Errors
//
// Errors are values that callers test with [errors.Is] and [errors.As]. A rejected move is a
// [*PlayError] at a [Table], a [*KnockError] at a Kayles table or a [*TakeError] at a Nim
// table; it matches [kayles.ErrIllegalMove] and one sentinel of this package that says why
// ([ErrPinDown], [ErrTakeTooMany], [ErrGameOver], ...), carries the pin or heap at fault, and
// changes nothing. A refused setup is a [*SetupError] that names the setting, the row or heap
// and the value at fault; it matches [ErrSetup] and [kayles.ErrRange].
// Text that does not restore a game gets an error that [errors.As] finds a [*kayles.ParseError]
// in, with the offset of the fault; it matches [kayles.ErrSyntax], or [kayles.ErrRange] for a
// size beyond the limits. Undo with nothing to undo returns [ErrNothingToUndo]. The messages of
// moves, setups and text forms have no package prefix and are fit to show a player; a program
// that speaks another language writes its own from the sentinel and the fields.
//
// # Concurrency
//
// Tables and Computers are safe for concurrent use: each table guards its state with a lock,
// and hints and Computers work on a copy of the table taken under that lock, so a long hint
// never blocks a move; a Computer plays its choice only if no other move came first
// ([ErrStale]). A Computer is a value with no state. A table must not be copied after first
// use.
package table
