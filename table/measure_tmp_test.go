package table_test

import (
	"context"
	"testing"
	"time"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/table"
)

func TestMeasureTmp(t *testing.T) {
	tb, err := table.New(table.Setup{Rules: kayles.DawsonsKayles, Start: []int{1000}, Convention: table.Misere, Seats: [2]table.Level{table.Perfect, table.Perfect}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	h, v, err := tb.Hint(context.Background())
	t.Logf("hint %v %v err %v in %v", h, v, err, time.Since(start))
	tb, _ = table.New(table.Setup{Rules: kayles.DawsonsKayles, Start: []int{1000}, Convention: table.Misere, Seats: [2]table.Level{table.Perfect, table.Perfect}, Seed: 1})
	gs := time.Now()
	counts := map[table.Verdict]int{}
	for i := 0; ; i++ {
		if _, over := tb.Winner(); over {
			break
		}
		start := time.Now()
		m, v, err := tb.PlayComputer(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		counts[v]++
		if d := time.Since(start); d > 100*time.Millisecond || i < 2 {
			t.Logf("move %d %v %v in %v (pos %v)", i, m, v, d, tb.Position())
		}
	}
	t.Logf("game in %v, verdicts %v, text len", time.Since(gs), counts)
}
