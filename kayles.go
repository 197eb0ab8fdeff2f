package kayles

import (
	"context"
	"sync"
)

// This file implements Kayles itself: K(n) for rows of any length.

// kaylesCode is the canonical code of Kayles.
const kaylesCode = "0.77"

// kaylesOctal returns the Octal of Kayles that K and misère Kayles use: the interned one, the
// same as [Kayles] while that variable holds it, and still Kayles when a program assigns
// another game to it. It costs a map look-up.
func kaylesOctal() *Octal { return MustParseOctal(kaylesCode) }

// kaylesTable holds K(0..n0+p-1) and the period, proven once from the engine. Kayles's period
// is proven from 168 values in well under a millisecond, so no context is needed; a failure
// would be a bug of the engine, which the tests would show.
var kaylesTable = sync.OnceValues(func() ([]uint8, Period) {
	ctx := context.Background()
	k := kaylesOctal()
	per, ok, err := k.Period(ctx, 1<<12)
	if err != nil || !ok {
		panic("kayles: the period of Kayles was not proven")
	}
	vals, err := k.Values(ctx, per.Preperiod+per.Period)
	if err != nil {
		panic(err)
	}
	table := make([]uint8, len(vals))
	for i, v := range vals {
		table[i] = uint8(v)
	}
	return table, per
})

// K returns the Kayles nim-value of a row of n pins. It is O(1) for every n >= 0: the first
// call proves the period of Kayles (preperiod 71, period 12) from 168 computed values, and
// every call after that reads a table of 83 entries. A negative n gets a [*RangeError].
func K(n int) (int, error) {
	if n < 0 {
		return 0, rangeError("row of pins", n, maxInt)
	}
	return kaylesValue(n), nil
}

// kaylesValue returns K(n) for n >= 0.
func kaylesValue(n int) int {
	table, per := kaylesTable()
	if n >= len(table) {
		n = per.Preperiod + (n-per.Preperiod)%per.Period
	}
	return int(table[n])
}

const maxInt = int(^uint(0) >> 1)
