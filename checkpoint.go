package kayles

import (
	"context"
	"math/bits"
	"strconv"
)

// This file implements checkpoints: the values of a long computation saved to a file (in the
// formats of internal/engine's checkpoint.go and spillfile.go), read back only when they are
// intact and belong to the same rule set.

// MaxSpilledValues is the most values a run with [RunOptions].Spill computes: 2^40, 2 TiB of
// checkpoint file, the limit of the format. The free space of the file's disk is the limit
// that matters: a run that would not fit it is refused (see "Spilled runs" at [Octal.Run]).
const MaxSpilledValues = 1 << 40

// readCheckpoint reads the checkpoint at path for e and checks it: the format, the checksum,
// the code, and the values themselves (the first 2048 against the reference engine, and the
// last one against the rules), so that a file forged with a valid checksum is refused too. It
// returns the values and their side table.
func (e *engine) readCheckpoint(ctx context.Context, path string) ([]uint16, []bigValue, error) {
	code, vals, big, err := e.e.ReadFile(ctx, path)
	if err != nil {
		return nil, nil, fromEngine(err)
	}
	return e.checkRead(ctx, path, code, vals, big)
}

// checkFile is checkRead for the engine's resumption of a spilled run (eng.Check).
func (e *engine) checkFile(ctx context.Context, path, code string, vals []uint16, big []bigValue) error {
	_, _, err := e.checkRead(ctx, path, code, vals, big)
	return err
}

// checkRead returns vals and big, the values read from the checkpoint at path, written for
// code, or a [*CheckpointError] when they are another code's or break o's rules (firstWrong).
func (e *engine) checkRead(ctx context.Context, path, code string, vals []uint16, big []bigValue) ([]uint16, []bigValue, error) {
	o := e.pl
	if code != o.code {
		return nil, nil, &CheckpointError{Path: path, Reason: "written for " + strconv.Quote(code) + ", not for " + o.code, Err: ErrCheckpoint}
	}
	i, err := e.firstWrong(ctx, vals, big)
	if err != nil {
		return nil, nil, err
	}
	if i >= 0 {
		return nil, nil, &CheckpointError{Path: path, Reason: "damaged: G(" + strconv.Itoa(i) + ") does not follow the rules of " + o.code, Err: ErrCheckpoint}
	}
	return vals, big, nil
}

// firstWrong returns the index of a value of vals (with big, their side table) that the
// reference mex contradicts, checking the first 2048 values and the last one, or -1. It costs
// O(2048²·t + n·t). With flag 8 (O(n²) per value) it checks only the first 256 values, and the
// general engine (every code, with large values) only as many as 2^24 steps check; it stops
// at a value above 2^24, trusting the rest to the checksum. It returns ctx's error when ctx is
// done first.
func (e *engine) firstWrong(ctx context.Context, vals []uint16, big []bigValue) (int, error) {
	o := e.pl
	head, last := 2048, true
	if !o.plain || o.heaps >= 3 {
		head, last = 256, false
	}
	b := newBudget(ctx, 1<<24, "steps", func() string { return "checking a checkpoint" })
	mex := func(i int, seen []uint64, b *budget) int {
		if len(big) > 0 {
			return o.mexGeneral(vals, big, i, seen, b, generalWeight)
		}
		if !o.plain {
			return o.mexGeneral(vals, nil, i, seen, b, generalWeight)
		}
		return e.e.Mex(vals, i, seen)
	}
	// seen covers the options of heap i when every value below i is below 2^bits.Len(top).
	const most = 1 << 24
	top := 0
	seen := make([]uint64, 1<<16/64+2)
	for i := range min(len(vals), head) {
		if i%64 == 0 && b.done() {
			return -1, ctx.Err()
		}
		if w := (1<<bits.Len(uint(top)))/64 + 2; w > len(seen) {
			seen = make([]uint64, w)
		}
		v := mex(i, seen, b)
		if v < 0 {
			break // the general engine's check is spent: the rest is trusted to the checksum
		}
		if v != valueOf(big, i, vals[i]) {
			return i, nil
		}
		if top = max(top, v); top >= most {
			return -1, nil
		}
	}
	if err := ctx.Err(); err != nil {
		return -1, err
	}
	if i := len(vals) - 1; last && i >= head {
		for _, bv := range big {
			top = max(top, bv.Value())
		}
		if top >= most {
			return -1, nil
		}
		if w := (1<<bits.Len(uint(top)))/64 + 2; w > len(seen) {
			seen = make([]uint64, w)
		}
		if mex(i, seen, nil) != valueOf(big, i, vals[i]) {
			return i, nil
		}
	}
	return -1, nil
}
