package kayles

import (
	"math"
	"math/bits"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"weak"

	eng "github.com/octalgames/kayles/internal/engine"
)

// This file implements octal codes: rule sets for take-and-break games and their notation.

// An Octal is the rule set of a take-and-break game, written as a code d0.d1d2...dt in the
// notation of Winning Ways and CGSuite. Digit d_i says what a move that removes exactly i
// tokens from one heap may leave: bit k of its value (flag 2^k) allows leaving exactly k
// non-empty heaps. So for octal codes flag 1 takes a whole heap of exactly i tokens, flag 2
// leaves one heap, flag 4 two heaps, and hexadecimal digits 8 to F also leave three. The digit
// d0 removes nothing, so only its flags for two or more heaps mean anything.
//
// Beyond octal and hexadecimal digits, [ParseOctal] reads the wider take-and-break notation:
// digits up to V (31), &N; for any digit value below 2^63, brace digits such as {2,3} and {2+}
// (two or more heaps), a modifier after a digit that constrains the heaps it leaves when there
// are two or more (! pairwise unequal, ? not all equal, = all equal), and a repeating tail of
// digits in brackets: 0.[3] is Nim.
//
// Every Octal of one canonical code shares one engine: the values computed so far, so that
// each is computed once, the memo of the misère searches and genera, and the misère quotient
// they keep; only its [Limits], the work it does on its own for one question, are its own.
// [ParseOctal] and the package-level games return the same *Octal for the same canonical code
// while a program holds it, so memory grows with the number of distinct games, not of calls;
// once no program holds an Octal of a code, its engine is garbage like any other value. It is
// safe for concurrent use. The zero Octal is the game 0.0, in which no move is legal; a nil
// *Octal is not usable, and its methods panic.
type Octal struct {
	eng    *engine // the plan and its values, shared by every Octal of the code
	limits Limits  // with every field set
	memo   *searchMemo
	base   *Octal // the interned Octal of the code, whose eng and memo o shares and keeps alive
}

// A plan is what the engines need to know of a rule set, worked out once when it is parsed:
// its canonical form and text, what each digit allows, which engine applies and which closed
// form. It is never modified.
type plan struct {
	digits []digit // d0 .. dt, the last one non-zero unless the code is 0.0 or has a tail
	tail   []digit // the repeating digits after dt, nil for a finite code
	code   string  // canonical text
	heaps  int     // the most heaps a move leaves (k in the periodicity theorem), -1 if unbounded

	// provable says the periodicity theorem applies: a finite code without modifiers whose
	// moves leave a bounded number of heaps.
	provable bool

	// A plain code (finite, at most three heaps left, modifiers only on digits that leave at
	// most two) runs on the fast engine, driven by these lists; any other code runs on the
	// general one in octal_general.go. For two heaps the modifiers ! and ? both mean a != m-a.
	plain   bool
	flags   []uint8 // flags[i] is digit d_i of a plain code, without its modifier
	whole   []int   // takes i >= 1 with flag 1
	leave1  []int   // takes i >= 1 with flag 2
	leave2  []int   // takes i >= 0 with flag 4, except those with modifier =
	unequal []int   // the takes of leave2 whose two heaps must differ: modifier ! or ?
	equal   []int   // takes i >= 0 with flag 4 and modifier =: two equal heaps, of value 0
	leave3  []int   // takes i >= 0 with flag 8

	splits        bool       // some digit lets a move leave two or more heaps
	tailLeavesOne bool       // some digit of the tail lets a move leave one heap
	tailSplits    bool       // some digit of the tail lets a move leave two or more heaps
	closed        closedForm // the published solution that applies, or nil
}

// A digit is one place of a code: how many non-empty heaps a move may leave, and how they
// must compare. The zero digit allows nothing.
type digit struct {
	mask uint64 // bit k: the move may leave exactly k heaps
	from int    // when positive: the move may also leave any number of heaps from this on
	rule byte   // 0, or '!', '?' or '=': a constraint on the heaps left when there are two or more
}

// allows reports whether d lets a move leave exactly k non-empty heaps.
func (d digit) allows(k int) bool {
	return (k < 64 && d.mask>>uint(k)&1 != 0) || (d.from > 0 && k >= d.from)
}

// splits reports whether d lets a move leave two or more heaps.
func (d digit) splits() bool { return d.mask>>2 != 0 || d.from > 0 }

// fits reports whether the heaps left satisfy the constraint of d.
func (d digit) fits(left []int) bool {
	if len(left) < 2 || d.rule == 0 {
		return true
	}
	s := slices.Sorted(slices.Values(left))
	equal := 0 // neighbours that are equal
	for j := 1; j < len(s); j++ {
		if s[j] == s[j-1] {
			equal++
		}
	}
	switch d.rule {
	case '!':
		return equal == 0
	case '?':
		return equal < len(s)-1
	}
	return equal == len(s)-1 // '='
}

// pairs reports whether the constraint of d lets a split leave the two heaps a and b: for two
// heaps ! and ? both mean a != b, and = means a == b.
func (d digit) pairs(a, b int) bool {
	switch d.rule {
	case 0:
		return true
	case '=':
		return a == b
	}
	return a != b
}

// maxHeaps returns the most heaps d lets a move leave, -1 if there is no bound, 0 if none.
func (d digit) maxHeaps() int {
	if d.from > 0 {
		return -1
	}
	return max(0, bits.Len64(d.mask)-1)
}

// maxDigits bounds the number of digits after the point, and separately in a repeating tail,
// which bounds the work per value of a finite code.
const maxDigits = 64

// Well-known games. Their values are computed on first use and shared by every caller, and by
// every Octal of the same code: ParseOctal("0.77") returns Kayles while the variable holds it.
var (
	Kayles        = MustParseOctal("0.77")   // knock down one pin or two adjacent pins
	DawsonsKayles = MustParseOctal("0.07")   // knock down two adjacent pins
	DawsonsChess  = MustParseOctal("0.137")  // Dawson's Kayles with heaps one larger; Node Kayles on a path
	Guiles        = MustParseOctal("0.15")   // take a whole heap of 1, or two tokens leaving none or two heaps
	Treblecross   = MustParseOctal("0.007")  // one-dimensional tic-tac-toe
	Officers      = MustParseOctal("0.6")    // take one token, leaving one or two non-empty heaps
	DoubleKayles  = MustParseOctal("0.7777") // knock down one to four adjacent pins
	GrundysGame   = MustParseOctal("4!.0")   // split a heap into two unequal heaps
)

// Nim is the rule set 0.[3]: take any number of tokens from one heap. Its values are proven
// in closed form, G(n) = n (Bouton 1901), so Grundy, Value and Outcome are O(1) per heap of
// any size, [Octal.Period] reports preperiod 0, period 1, saltus 1 as proven, and the winning
// moves in normal and misère play ([Octal.WinningMoves], [Octal.MisereOutcome],
// [Octal.MisereWinningMoves]) follow Bouton's rules in O(heaps) for heaps of any size. Any
// Octal whose code is 0.[3], however it was written, behaves the same.
var Nim = MustParseOctal("0.[3]")

// LaskersNim is the rule set 4.[3]: take any number of tokens from one heap, or split a heap
// in two without taking. Its values are proven in closed form (Winning Ways, ch. 4): G(0) = 0
// and, for k >= 0, G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3. So Grundy
// is O(1) for every heap, [Octal.Period] reports preperiod 1, period 4, saltus 4 as proven, and
// [Octal.WinningMoves] solves for each winning move in O(log h) in a heap of h, however large.
// Misère play uses the bounded search of [Octal.MisereOutcome]. Any Octal whose code is 4.[3]
// behaves the same.
var LaskersNim = MustParseOctal("4.[3]")

// NewSubtraction returns the subtraction game in which a move takes any number of tokens in
// takes from one heap, leaving the rest as one heap: the code 0.d1d2... with d_i = 3 for each i
// in takes. Takes must lie between 1 and 64; repeats are ignored. An error wraps [ErrRange].
// For example NewSubtraction(1, 2, 3) has G(n) = n mod 4.
func NewSubtraction(takes ...int) (*Octal, error) {
	digits := []digit{{}}
	for _, i := range takes {
		if i < 1 || i > maxDigits {
			return nil, &RangeError{What: "subtraction set", Value: i, Min: 1, Max: maxDigits}
		}
		for len(digits) <= i {
			digits = append(digits, digit{})
		}
		digits[i] = digit{mask: 3}
	}
	return newOctal(digits, nil), nil
}

// NewAllButSubtraction returns the all-but subtraction game in which a move takes any positive
// number of tokens from one heap except the numbers in excluded: the code 0.d1d2...[3] with
// d_i = 0 for each i in excluded and 3 otherwise. Excluded numbers must lie between 1 and 64;
// repeats are ignored. An error wraps [ErrRange]. NewAllButSubtraction() is [Nim].
func NewAllButSubtraction(excluded ...int) (*Octal, error) {
	digits := []digit{{}}
	for _, i := range excluded {
		if i < 1 || i > maxDigits {
			return nil, &RangeError{What: "excluded take", Value: i, Min: 1, Max: maxDigits}
		}
		for len(digits) <= i {
			digits = append(digits, digit{mask: 3})
		}
	}
	for _, i := range excluded {
		digits[i] = digit{}
	}
	return newOctal(digits, []digit{{mask: 3}}), nil
}

// newOctal puts a parsed code in its canonical form and returns the interned Octal of that
// code, made now with its plan and engine when no Octal of the code is alive.
func newOctal(digits, tail []digit) *Octal {
	pl := newPlan(digits, tail)
	interned.Lock()
	defer interned.Unlock()
	if o := interned.m[pl.code].Value(); o != nil {
		return o
	}
	o := &Octal{eng: newEngine(pl, eng.Settings{}), limits: Limits{}.withDefaults(), memo: newSearchMemo(DefaultMemoBytes)}
	o.base = o
	wp := weak.Make(o)
	interned.m[pl.code] = wp
	runtime.AddCleanup(o, forgetOctal, pl.code)
	return o
}

// interned holds the Octal of each canonical code, weakly: an Octal that no program holds (nor
// an Octal made from it by WithLimits) is garbage, and its cleanup takes its entry away.
var interned = struct {
	sync.Mutex
	m map[string]weak.Pointer[Octal]
}{m: map[string]weak.Pointer[Octal]{}}

// lookupOctal returns the interned Octal of a canonical code, or nil.
func lookupOctal(code string) *Octal {
	interned.Lock()
	defer interned.Unlock()
	return interned.m[code].Value()
}

// forgetOctal removes the entry of code once its Octal is garbage, unless a new Octal of the
// code took its place meanwhile.
func forgetOctal(code string) {
	interned.Lock()
	defer interned.Unlock()
	if wp, ok := interned.m[code]; ok && wp.Value() == nil {
		delete(interned.m, code)
	}
}

// newPlan puts a parsed code in its canonical form and works out its plan.
func newPlan(digits, tail []digit) *plan {
	tail = shortestTail(tail)
	if len(tail) == 1 && tail[0] == (digit{}) {
		tail = nil
	}
	// Absorb finite digits that the tail repeats: 0.3[3] is 0.[3].
	for len(tail) > 0 && len(digits) > 1 && digits[len(digits)-1] == tail[len(tail)-1] {
		digits = digits[:len(digits)-1]
		tail = append(tail[len(tail)-1:], tail[:len(tail)-1]...)
	}
	if tail == nil {
		for len(digits) > 1 && digits[len(digits)-1] == (digit{}) {
			digits = digits[:len(digits)-1]
		}
	}
	o := &plan{digits: digits, tail: tail, heaps: 1, plain: tail == nil}
	b := digits[0].text(nil)
	b = append(b, '.')
	if len(digits) == 1 && tail == nil {
		b = append(b, '0')
	}
	for _, d := range digits[1:] {
		b = d.text(b)
	}
	if tail != nil {
		b = append(b, '[')
		for _, d := range tail {
			b = d.text(b)
		}
		b = append(b, ']')
	}
	o.code = string(b)
	o.closed = closedForms[o.code]
	for _, d := range append(slices.Clone(digits), tail...) {
		switch k := d.maxHeaps(); {
		case k < 0 || o.heaps < 0:
			o.heaps = -1
		default:
			o.heaps = max(o.heaps, k)
		}
		if d.from > 0 || d.mask >= 16 || (d.rule != 0 && d.mask >= 8) {
			o.plain = false
		}
	}
	for _, d := range append(slices.Clone(digits), tail...) {
		o.splits = o.splits || d.splits()
	}
	for _, d := range tail {
		o.tailLeavesOne = o.tailLeavesOne || d.allows(1)
		o.tailSplits = o.tailSplits || d.splits()
	}
	o.provable = tail == nil && o.heaps >= 0
	for _, d := range digits {
		o.provable = o.provable && d.rule == 0
	}
	if !o.plain {
		return o
	}
	for i, d := range digits {
		f := uint8(d.mask)
		o.flags = append(o.flags, f)
		if i > 0 && f&1 != 0 {
			o.whole = append(o.whole, i)
		}
		if i > 0 && f&2 != 0 {
			o.leave1 = append(o.leave1, i)
		}
		switch {
		case f&4 != 0 && d.rule == '=':
			o.equal = append(o.equal, i)
		case f&4 != 0 && d.rule != 0:
			o.unequal = append(o.unequal, i)
			fallthrough
		case f&4 != 0:
			o.leave2 = append(o.leave2, i)
		}
		if f&8 != 0 {
			o.leave3 = append(o.leave3, i)
		}
	}
	return o
}

// shortestTail returns the shortest digits whose repetition is the repetition of tail.
func shortestTail(tail []digit) []digit {
	for p := 1; p < len(tail); p++ {
		if len(tail)%p == 0 && slices.Equal(tail[p:], tail[:len(tail)-p]) {
			return tail[:p]
		}
	}
	return tail
}

// digit returns d_i, the digit for moves that remove i tokens.
func (o *plan) digit(i int) digit {
	if i < len(o.digits) {
		return o.digits[i]
	}
	if o.tail == nil {
		return digit{}
	}
	return o.tail[(i-len(o.digits))%len(o.tail)]
}

// String returns the canonical code: one form for each rule set, which [ParseOctal] reads back.
// Digits are upper case, trailing zeros are dropped (at least one digit stands after the point),
// a repeating tail is as short as it can be, and as early: "0.77", "4.7", "0.0", "4!.0", "0.[3]".
func (o *Octal) String() string { return o.plan().code }

// plan returns the plan of o: that of 0.0 for the zero Octal.
func (o *Octal) plan() *plan {
	if o.eng == nil {
		return zeroOctal.eng.pl
	}
	return o.eng.pl
}

// game returns o, or for the zero Octal the Octal of 0.0 that stands for it.
func (o *Octal) game() *Octal {
	if o.eng == nil {
		return zeroOctal
	}
	return o
}

// zeroOctal is the game 0.0 that the zero Octal plays.
var zeroOctal = newOctal([]digit{{}}, nil)

// Digits returns the digits d0, d1, ..., dt of a finite code whose digits are plain numbers
// (no modifiers, no k+ in braces), d_t being the last non-zero one (a single 0 for the game 0.0
// with no moves). For any other code it returns nil.
func (o *Octal) Digits() []int {
	pl := o.plan()
	if pl.tail != nil {
		return nil
	}
	ds := make([]int, len(pl.digits))
	for i, d := range pl.digits {
		if d.rule != 0 || d.from > 0 || d.mask > math.MaxInt {
			return nil
		}
		ds[i] = int(d.mask)
	}
	return ds
}

// illegal says why a move that takes take tokens from a heap of n and leaves the heaps left is
// not legal, or returns "" when it is.
func (o *plan) illegal(n, take int, left []int) string {
	if take < 0 || take > n {
		return "cannot take " + strconv.Itoa(take) + " tokens from a heap of " + strconv.Itoa(n)
	}
	sum := 0
	for _, h := range left {
		if h < 1 {
			return "a heap left is empty"
		}
		if h >= n {
			return "a heap left is not smaller than the heap of " + strconv.Itoa(n)
		}
		sum += h
	}
	if sum != n-take {
		return "the heaps left do not add up to " + strconv.Itoa(n) + " less the " + strconv.Itoa(take) + " taken"
	}
	d := o.digit(take)
	if (take == 0 && len(left) < 2) || !d.allows(len(left)) {
		return o.code + " does not allow taking " + strconv.Itoa(take) + " and leaving " + plural(len(left), "heap")
	}
	if !d.fits(left) {
		return o.code + " wants the heaps left " + map[byte]string{'!': "pairwise unequal", '?': "not all equal", '=': "all equal"}[d.rule]
	}
	return ""
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
