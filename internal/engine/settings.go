package engine

// This file implements the settings of an engine: the sizes that tune it, whose zero values
// are the defaults.

// PairTuning holds the thresholds of the two-core engine (sparse_parallel.go). The zero
// PairTuning is the defaults.
type PairTuning struct {
	From   int  // the least heap computed by several goroutines
	Min    int  // the fewest values an extension must compute to start the helpers
	Always bool // every window uses every goroutine, so that the tests know the helpers compute
	Cores  int  // when not 0, the number of goroutines in a window
}

func (t PairTuning) tuning() pairTuning {
	if t == (PairTuning{}) {
		return defaultPairs
	}
	return pairTuning{from: t.From, min: t.Min, always: t.Always, cores: t.Cores}
}

// SpillTuning holds the sizes of spilled runs (spill.go), in values. The zero SpillTuning is
// the defaults.
type SpillTuning struct {
	From   int // the values computed before pages are given back
	Front  int // the least front, doubled until it holds twice the last rare heap
	Period int // the longest period looked for once pages are given back
	Step   int // the most values of one step of a run
	Most   int // the largest front before the run keeps every value in memory
	Room   int // the values between two looks at the free space of the disk
}

// defaultSpill is the tuning of spilled runs that the zero SpillTuning stands for.
var defaultSpill = SpillTuning{From: 1 << 23, Front: 1 << 16, Period: 1 << 22, Step: 1 << 22, Most: 1 << 26, Room: 1 << 20}

func (t SpillTuning) tuning() spillTuning {
	if t == (SpillTuning{}) {
		t = defaultSpill
	}
	return spillTuning{from: t.From, front: t.Front, period: t.Period, step: t.Step, most: t.Most, room: t.Room}
}

// OrderTuning holds the sizes of the scan plans (sparse_order.go). The zero OrderTuning is
// the defaults.
type OrderTuning struct {
	From   int  // the fewest values for which a plan is made, at least 1
	Bucket int  // the heaps in a bucket, at least 2
	Span   int  // the most heaps that buckets cover, from heap 0
	Always bool // use the plan even where the model expects no gain (tests)
}

func (t OrderTuning) tuning() orderTuning {
	return orderTuning{from: t.From, bucket: t.Bucket, span: t.Span, always: t.Always}
}
