package table_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/table"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStatusCode checks the HTTP status of every kind of error a server meets at a table,
// by the function and by the StatusCode method of the error types.
func TestStatusCode(t *testing.T) {
	tb := newTable(t, table.KaylesSetup(table.Normal, 3))
	errUndo := tb.Undo(0)
	errHuman := func() error { _, _, err := tb.PlayComputer(context.Background()); return err }()
	require.NoError(t, tb.Play(0, table.Move{Row: 1, Pin: 1, Count: 2}))
	require.NoError(t, tb.Play(1, table.Move{Row: 1, Pin: 3, Count: 1}))
	_, errSetup := table.New(table.Setup{Start: []int{-1}})
	_, errRestore := table.Restore("no such table")
	k, err := table.NewKayles(table.Normal, 5)
	require.NoError(t, err)
	n, err := table.NewNim(table.Normal, 1, 2)
	require.NoError(t, err)
	for _, c := range []struct {
		name string
		err  error
		want int
	}{
		{"nil", nil, http.StatusOK},
		{"stale", tb.Play(0, table.Move{Row: 1, Pin: 1, Count: 1}), http.StatusConflict},
		{"stale, wrapped", fmt.Errorf("table 7: %w", tb.Play(5, table.Move{Row: 1, Pin: 1, Count: 1})), http.StatusConflict},
		{"game over", tb.Play(2, table.Move{Row: 1, Pin: 1, Count: 1}), http.StatusBadRequest},
		{"no such pin", newTable(t, table.Setup{}).Play(0, table.Move{Row: 1, Pin: 99, Count: 1}), http.StatusBadRequest},
		{"nothing to undo", errUndo, http.StatusConflict},
		{"human seat", errHuman, http.StatusConflict},
		{"setup", errSetup, http.StatusBadRequest},
		{"text", errRestore, http.StatusBadRequest},
		{"knock", k.Knock(1, 3), http.StatusBadRequest},
		{"take", n.Take(1, 5), http.StatusBadRequest},
		{"limit", &kayles.LimitError{}, http.StatusServiceUnavailable},
		{"cancelled", context.Canceled, http.StatusServiceUnavailable},
		{"deadline", fmt.Errorf("hint: %w", context.DeadlineExceeded), http.StatusServiceUnavailable},
		{"other", errors.New("disk full"), http.StatusInternalServerError},
	} {
		if c.err == nil && c.want != http.StatusOK {
			t.Fatalf("%s: no error", c.name)
		}
		assert.Equal(t, c.want, table.StatusCode(c.err), c.name)
		var sc interface{ StatusCode() int }
		if errors.As(c.err, &sc) {
			assert.Equal(t, c.want, sc.StatusCode(), "%s: method", c.name)
		}
	}
	for _, err := range []error{tb.Play(0, table.Move{}), errSetup, k.Knock(9), n.Take(3, 1)} {
		var sc interface{ StatusCode() int }
		assert.True(t, errors.As(err, &sc), "%T has a StatusCode method", err)
	}
}
