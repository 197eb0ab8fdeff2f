package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestValueSet checks the set behind LastNew on both sides of 2^16.
func TestValueSet(t *testing.T) {
	var s valueSet
	for _, v := range []int{0, 63, 64, 1<<16 - 1, 1 << 16, 1 << 40} {
		assert.True(t, s.add(v), v)
		assert.False(t, s.add(v), v)
	}
	assert.True(t, s.add(1<<16+1))
	assert.True(t, s.add(1))
}
