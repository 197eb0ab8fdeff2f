package web

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/octalgames/kayles/table"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// moveText writes m as parseMove reads it.
func moveText(m table.Move, layout table.Layout, rows int) string {
	if layout == table.Heaps {
		return strconv.Itoa(m.Row) + ":" + strconv.Itoa(m.Count)
	}
	s := strconv.Itoa(m.Pin)
	if m.Count > 1 {
		s += "-" + strconv.Itoa(m.Pin+m.Count-1)
	}
	if rows > 1 || m.Row != 1 {
		s = strconv.Itoa(m.Row) + ":" + s
	}
	return s
}

// FuzzParseMove: parseMove never panics, refuses with a 400, and what it reads writes back to
// the same move.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"4", "4-5", "2:4-5", "3:2", " 7 ", "5-4", "1:", ":", "-", "99999", "1:2:3", "0", "0:0"} {
		f.Add(s, true, 1)
		f.Add(s, false, 3)
	}
	f.Fuzz(func(t *testing.T, s string, heaps bool, rows int) {
		layout := table.Rows
		if heaps {
			layout = table.Heaps
		}
		m, err := parseMove(s, layout, rows)
		if err != nil {
			code, _ := status(err)
			assert.Equal(t, http.StatusBadRequest, code)
			return
		}
		assert.GreaterOrEqual(t, m.Count, 0)
		m2, err := parseMove(moveText(m, layout, rows), layout, rows)
		require.NoError(t, err)
		assert.Equal(t, m, m2)
	})
}

// FuzzPinsMove: the checked pins of a form make one move of pins side by side, or a 400.
func FuzzPinsMove(f *testing.F) {
	f.Add("1:4 1:5")
	f.Add("1:5 1:4 1:6")
	f.Add("1:3 1:5")
	f.Add("2:1 1:2")
	f.Add("x")
	f.Fuzz(func(t *testing.T, s string) {
		m, err := pinsMove(strings.Fields(s))
		if err != nil {
			code, _ := status(err)
			assert.Equal(t, http.StatusBadRequest, code)
			return
		}
		assert.Len(t, strings.Fields(s), m.Count)
	})
}

// FuzzSetupForm: any lobby form gives a table or a 4xx, never a panic or a 500.
func FuzzSetupForm(f *testing.F) {
	f.Add("preset=kayles:7&opponent=human")
	f.Add("preset=nim:1+3+5+7&misere=1&opponent=perfect&computer_first=1")
	f.Add("game=0.137&start=3,4,5&layout=rows")
	f.Add("game=4!.0&layout=heaps")
	f.Add("game=0.6&layout=heaps&start=1000")
	f.Add("preset=dawsons&start=0")
	f.Add("opponent=symmetry&start=1000,1000")
	f.Fuzz(func(t *testing.T, body string) {
		r := httptest.NewRequest("POST", "/new", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		n, err := formTable(r)
		if err == nil {
			var s table.Setup
			if s, _, err = n.setup(1); err == nil {
				_, err = table.New(s)
			}
		}
		if err != nil {
			code, _ := status(err)
			assert.Equal(t, http.StatusBadRequest, code, err.Error())
		}
	})
}
