package web

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNoComputerMoveAfterClose checks that no computer move starts once Close was called,
// at the creation of a table or at a view: a server closes its store when Close returns,
// while requests in flight are still served.
func TestNoComputerMoveAfterClose(t *testing.T) {
	s := newTestServer(t, Config{})
	require.NoError(t, s.h.Close())
	c := s.create("a", NewTable{Start: []int{10}, Opponent: "random", ComputerFirst: true})
	time.Sleep(300 * time.Millisecond)
	s.view(c.Table.ID, c.Token) // a view starts the computer's move, if it can
	time.Sleep(300 * time.Millisecond)
	v := s.view(c.Table.ID, c.Token)
	assert.Equal(t, 0, v.Turn, "the computer moved after Close")
	assert.True(t, v.Thinking)
}
