package kayles_test

import (
	"context"
	"fmt"

	"github.com/octalgames/kayles"
)

// Run computes 0.16 until its period is proven (about half a million values, well under a
// second), after which every heap is valued in O(1).
func ExampleOctal_Run() {
	o := kayles.MustParseOctal("0.16")
	r, err := o.Run(context.Background(), kayles.RunOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Period)
	fmt.Printf("rare heaps: %d, the last at %d; largest value %d\n", r.RareCount, r.LastRare, r.MaxValue)
	fmt.Println(o.Grundy(1_000_000_000_000))
	// Output:
	// preperiod 105351, period 149459
	// rare heaps: 52, the last at 13935; largest value 23
	// 3
}
