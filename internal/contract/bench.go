package contract

import (
	"context"
	"testing"
	"time"
)

// This file implements Bench: how soon each row returns after its context is cancelled.

// Bench runs a benchmark for each row, named by Row.Name: each iteration asks the row,
// cancels its context after Options.Delay (20 ms for the zero Options) and measures how long
// the call goes on. It reports the mean and the worst delay as ms-late and ms-max, the goal
// of the contract being 100 ms, and the share of the iterations that answered before the
// cancel, whose delay counts as 0, as answered/op. The calls run in this process: a row that
// hangs fails the benchmark and leaves its goroutine running.
func Bench(b *testing.B, rows []Row, o Options) {
	if o.Delay <= 0 {
		o.Delay = 20 * time.Millisecond
	}
	o = o.withDefaults()
	for _, r := range rows {
		b.Run(r.Name(), func(b *testing.B) {
			var total, worst time.Duration
			n, answered := 0, 0
			for b.Loop() {
				ctx, cancel := context.WithCancel(context.Background())
				ctx, returned := withReturned(ctx)
				done := make(chan struct{})
				go func() {
					defer close(done)
					r.Ask(ctx)
				}()
				var late time.Duration
				select {
				case <-done:
					answered++
				case <-time.After(o.Delay):
					at := time.Now()
					cancel()
					select {
					case <-done:
						late = max(0, returned().Sub(at))
					case <-time.After(o.Hang):
						b.Fatalf("%s: no return %v after the cancel", r.Name(), o.Hang)
					}
				}
				cancel()
				total += late
				worst = max(worst, late)
				n++
			}
			b.ReportMetric(float64(total.Microseconds())/1000/float64(n), "ms-late")
			b.ReportMetric(float64(worst.Microseconds())/1000, "ms-max")
			b.ReportMetric(float64(answered)/float64(n), "answered/op")
		})
	}
}
