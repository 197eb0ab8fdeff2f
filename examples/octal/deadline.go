package main

import (
	"context"
	"time"
)

// This file implements the margin that -timeout leaves for what follows a run: the checkpoint,
// the report and the files asked for, which each read every value computed.

// deadlineReserve estimates the time that the work after a run of a number of values takes:
// a fixed part (the engine's return, the last step's values read into the report and the
// checksum, the exit), one for the checkpoint, and a part per value for each file or output
// of the values, for the values the checksum of -json has yet to read and, after -resume,
// for those the engine's report has yet to read. The figures are those measured on a loaded
// 2-core machine, rounded up.
type deadlineReserve struct {
	checkpoint bool // a checkpoint is written when the run stops (not a spilled one, kept up as it goes)
	// perValue is the time per value of the files and outputs asked for (-print, -rare,
	// -histogram, -plot, -periodic...), which read every value (see outputCost).
	perValue time.Duration
	// hashed, when not nil, returns how many values the checksum of -json has read: those
	// after them are read after the run (after a -resume, all those resumed at first).
	hashed func() int64
	// resumed is about how many values -resume brings: until the run reports more, the
	// report's reading of them may still be under way, and is reserved for.
	resumed int64
}

const (
	reserveFixed = 300 * time.Millisecond
	// The run writes its checkpoint ahead (kayles.RunOptions.Checkpoint): when it stops, it
	// writes one step's values and syncs the last few MB.
	reserveCheckpoint  = 500 * time.Millisecond
	reserveOutputValue = 80 * time.Nanosecond // a value read into the checksum of -json (67 ns measured)
	reserveReport      = 30 * time.Nanosecond // a value read into the engine's report (16 ns measured)
	reserveTick        = 20 * time.Millisecond
)

// outputCost is the time per value of each file or output that reads every value, about
// those measured (on a loaded 2-core machine, load 9, 37M values of 0.1777) and rounded up.
var outputCost = map[string]time.Duration{
	"print":     60 * time.Nanosecond,  // 32 ns measured
	"bfile":     150 * time.Nanosecond, // 118 ns
	"csv":       150 * time.Nanosecond, // 80 ns
	"rare":      60 * time.Nanosecond,  // 30 ns
	"histogram": 30 * time.Nanosecond,  // 13 ns
	"plot":      100 * time.Nanosecond, // 30 ns read and binned (2^23 values of 0.1777), then 0.6 s at most to draw
	"periodic":  500 * time.Nanosecond, // 400 ns
}

// of returns the time that the work after a run of values values takes.
func (r deadlineReserve) of(values int) time.Duration {
	d := reserveFixed + time.Duration(values)*r.perValue
	if r.checkpoint {
		d += reserveCheckpoint
	}
	if r.hashed != nil {
		d += time.Duration(max(int64(values)-r.hashed(), 0)) * reserveOutputValue
	}
	if int64(values) <= r.resumed {
		d += time.Duration(values) * reserveReport
	}
	return d
}

// watch stops the run, through stop, with errTimeout as the cause, once the work after it
// would no longer end by deadline: it estimates the values computed from values, the count at
// the last progress report, and the rate since. It returns when ctx is done.
func (r deadlineReserve) watch(ctx context.Context, stop context.CancelCauseFunc, deadline time.Time, values func() int64) {
	t := time.NewTicker(reserveTick)
	defer t.Stop()
	start := time.Now()
	base := values() // resumed, not computed by this run
	last, lastAt := base, start
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			if v := values(); v != last {
				last, lastAt = v, now
			}
			// The values since the last report, at the run's mean rate so far.
			est := float64(last)
			if el := lastAt.Sub(start).Seconds(); el > 0 {
				est += float64(last-base) / el * now.Sub(lastAt).Seconds()
			}
			if !now.Add(r.of(int(est)) + reserveTick).Before(deadline) {
				stop(errTimeout)
				return
			}
		}
	}
}
